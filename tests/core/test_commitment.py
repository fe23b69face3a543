"""The one commitment mechanism: SHA-256 over a documented text, a seed's with a 256-bit
salt, opened only by the secret it was made to; Trono's formation secret uses it too."""

import hashlib

import pytest

from tavola.core import Action, Table, commitment
from tavola.core.verification import verify

SALT = "ab" * 32
REFEREE = "referee:arbitro"
LEGENDS = {"mode": "simplified", "players": [{"age": 10}, {"age": 20}], "deck_source": "starter"}


def test_a_commitment_is_the_sha256_of_the_secrets_utf8_bytes():
    assert commitment.digest("s3cr3t") == hashlib.sha256(b"s3cr3t").hexdigest()
    assert commitment.digest("città") == hashlib.sha256("città".encode()).hexdigest()


def test_a_seeds_secret_is_the_documented_text():
    assert commitment.seed_secret(42, SALT) == f"tavola-seed-v1:42:{SALT}"
    expected = hashlib.sha256(f"tavola-seed-v1:42:{SALT}".encode("ascii")).hexdigest()
    assert commitment.seed_commitment(42, SALT) == expected


def test_a_fresh_salt_is_256_random_bits_in_lowercase_hex():
    salts = {commitment.new_salt() for _ in range(20)}
    assert len(salts) == 20
    assert all(commitment.is_salt(s) and len(s) == 64 for s in salts)


@pytest.mark.parametrize("salt", ["", "AB" * 32, "ab" * 31, "zz" * 32, "ab" * 33])
def test_a_malformed_salt_is_refused(salt):
    assert not commitment.is_salt(salt)
    with pytest.raises(ValueError):
        commitment.seed_secret(1, salt)
    assert not commitment.seed_opens(commitment.digest(f"tavola-seed-v1:1:{salt}"), 1, salt)


def test_only_the_seed_and_salt_committed_to_open_the_commitment():
    made = commitment.seed_commitment(7, SALT)
    assert commitment.seed_opens(made, 7, SALT)
    assert commitment.seed_opens(made.upper(), 7, SALT)
    assert not commitment.seed_opens(made, 8, SALT)
    assert not commitment.seed_opens(made, 7, "cd" * 32)


def test_a_table_with_a_salt_commits_and_its_record_carries_both():
    table = Table("legends", LEGENDS, 9, salt=SALT)
    assert table.commitment == commitment.seed_commitment(9, SALT)
    data = table.record().to_json()
    assert (data["salt"], data["commitment"]) == (SALT, table.commitment)


def test_a_table_without_a_salt_has_no_commitment_and_its_record_is_as_before():
    table = Table("legends", LEGENDS, 9)
    assert table.commitment is None
    assert "salt" not in table.record().to_json()
    assert not verify(table.record().to_json()).passed


def test_trono_commits_to_its_formation_secret_through_the_same_module():
    users = [f"u{i:02d}" for i in range(1, 13)]
    table = Table("trono", {}, 7, {"registered": users})
    table.act(REFEREE, Action("close_registration"))
    secret = table.state.formation_secret
    assert secret is not None
    assert commitment.opens(table.state.formation_commitment, secret)


def test_a_seed_chosen_at_the_terminal_gets_a_salt_derived_from_it():
    assert commitment.salt_of_chosen_seed(3) == commitment.salt_of_chosen_seed(3)
    assert commitment.salt_of_chosen_seed(3) != commitment.salt_of_chosen_seed(4)
    assert commitment.is_salt(commitment.salt_of_chosen_seed(3))

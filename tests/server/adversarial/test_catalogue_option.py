"""A Legends table's catalogue is chosen by name among the server's content folders; a
request can never make the server read a file of its choosing (issue 32)."""

from __future__ import annotations

from ..api_helpers import running


def body(catalog: str) -> dict[str, object]:
    return {
        "game": "legends",
        "options": {"mode": "simplified", "catalog": catalog},
        "seats": [{"name": "Anna"}, {"kind": "reference"}],
    }


def test_a_path_as_a_catalogue_is_refused_and_a_name_is_taken(tmp_path):
    secret = tmp_path / "secret.toml"
    secret.write_text('catalog = "secret"\n')
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        for bad in (str(secret), "../../etc/passwd", "secret", "starter_S1.toml"):
            refused = client.post("/api/games", json=body(bad))
            assert refused.status_code == 422, (bad, refused.text)
            answer = refused.json()
            assert answer["code"] and answer["message"], answer
        taken = client.post("/api/games", json=body("starter_S1"))
        assert taken.status_code == 201, taken.text

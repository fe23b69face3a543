"""The canonical JSON form: every stored hash was made with Python's json module; the
faster writer must give the very same bytes for every value it writes."""

from __future__ import annotations

import hashlib
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core import canonical_json, digest


def python_form(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


scalars = (
    st.none()
    | st.booleans()
    | st.integers()  # beyond 64 bits too
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()  # any code point, lone surrogates included
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5)
        | st.dictionaries(st.integers(), inner, max_size=3)
    ),  # keys JSON writes as text
    max_leaves=30,
)


@settings(max_examples=600, deadline=None)
@given(values)
def test_the_canonical_form_is_pythons_json_byte_for_byte(value):
    assert canonical_json(value) == python_form(value)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_every_float_is_written_as_python_writes_it(number):
    assert canonical_json({"x": [number]}) == python_form({"x": [number]})


def test_numbers_and_strings_orjson_writes_otherwise_take_pythons_way():
    tricky = {
        "small": [1e-05, -9.999e-05, 0.0001, 2**-30],
        "large": [1e16, 1.5e300, 123456789012345.6, 1e15],
        "ints": [2**64, -(2**63) - 1],
        "text": ['é\u2028\x7f\x00"\\', "1e5"],
        "keys": {3: "a", 10: "b"},
        "lone surrogate": "\ud800",
    }
    assert canonical_json(tricky) == python_form(tricky)
    del tricky["lone surrogate"]  # not UTF-8: it has a form, but no hash
    assert digest(tricky) == hashlib.sha256(python_form(tricky).encode()).hexdigest()


def test_a_state_hash_is_the_sha256_of_that_form():
    value = {"b": [1, 2.5, None], "a": {"z": "ü", "y": True}}
    assert digest(value) == hashlib.sha256(python_form(value).encode()).hexdigest()

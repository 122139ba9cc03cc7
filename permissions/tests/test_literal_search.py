"""permissions.literal_search: a tree of names finds what the alternation of the same names finds."""

from __future__ import annotations

import random
import re

import pytest

from permissions.literal_search import literal_trie

_ALPHABET = "ab.-_/c"


def _names(rng: random.Random) -> list[str]:
    return sorted({"".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 5))) for _ in range(12)})


@pytest.mark.parametrize("seed", range(40))
def test_the_longest_name_standing_as_a_word_is_the_alternations(seed):
    rng = random.Random(seed)
    names = _names(rng)
    longest_first = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    bounded = r"(?<![A-Za-z0-9_])(?:{})(?![A-Za-z0-9_])"
    trees = (
        re.compile(bounded.format(literal_trie(names))),
        # the lookbehind after each name's first character (permissions.matching's form)
        re.compile(r"(?:{})(?![A-Za-z0-9_])".format(literal_trie(names, after_first="(?<![A-Za-z0-9_].)"))),
    )
    alternation = re.compile(bounded.format(longest_first))
    for _ in range(300):
        text = "".join(rng.choice(_ALPHABET + " x") for _ in range(rng.randint(0, 24)))
        expected = alternation.search(text)
        for tree in trees:
            found = tree.search(text)
            assert (found and (found.start(), found.group())) == (
                expected and (expected.start(), expected.group())
            ), (names, text, tree.pattern)


@pytest.mark.parametrize("seed", range(40))
def test_whether_any_name_is_there_is_the_substring_test(seed):
    rng = random.Random(seed)
    names = _names(rng)
    tree = re.compile(literal_trie(names, whole=False))
    for _ in range(300):
        text = "".join(rng.choice(_ALPHABET + " x") for _ in range(rng.randint(0, 24)))
        assert (tree.search(text) is not None) == any(n in text for n in names), (names, text)


def test_names_holding_regex_characters_are_literal():
    rx = re.compile(literal_trie(["a.b", "c+", "[x]"]))
    assert rx.fullmatch("a.b") and rx.fullmatch("c+") and rx.fullmatch("[x]")
    assert not rx.fullmatch("axb") and not rx.fullmatch("cc") and not rx.fullmatch("x")

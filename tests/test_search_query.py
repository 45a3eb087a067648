"""How a request's words are read: names in quotes, small words that are names, and an
ordinal word that says when rather than which.

Why: "Like" is a small word ("something like …") and was dropped from click the "Like"
button, which then matched any post's text; "last" in "when was it last edited" counted
to the last item of a pager ("4") instead of finding *Last edited 09:12*.
"""

from __future__ import annotations

import pytest

from domdex.search.lexical import parse_query


def test_a_quoted_name_counts_its_small_words() -> None:
    assert "like" in parse_query('click the "Like" button').terms
    assert "like" in parse_query("Like button for @cw").terms  # capitalised before a role
    assert "like" not in parse_query("something like a button").terms
    assert parse_query('the "Embed Tweet" button').named == ["Embed Tweet"]
    assert parse_query('look up "delete account"').named == []
    # a quote of content words adds no small words: they would outweigh the action
    assert parse_query("move the 'Where to eat' section up").terms[:1] != ["where"]


def test_an_ordinal_before_a_participle_says_when() -> None:
    q = parse_query("when was it last edited")
    assert q.ordinal is None and q.terms == ["last", "edited"]
    assert parse_query("first published date").ordinal is None
    # … but a state the counted items are in keeps the count
    # … and so does a participle before the noun of the items counted
    for text, n in (("the second checked checkbox", 2), ("the last selected row", -1),
                    ("click the last Edit button", -1), ("the 2nd modified file", 2),
                    ("Delete the first published post", 1)):
        assert parse_query(text).ordinal == n, text


def test_an_ordinal_counts_from_the_end_only_when_told() -> None:
    """"Second to last" and "the third … from the bottom" count from the end; "to the
    end", "to the bottom" and "to the last column" say where a thing goes (review 50:
    "move the first task to the end" moved the last one)."""
    assert parse_query("the second to last Delete").ordinal == -2
    assert parse_query("Edit the second-from-last user").ordinal == -2
    assert parse_query("the third Delete from the bottom").ordinal == -3
    assert parse_query("Move the first task to the end").ordinal == 1
    assert parse_query("move the first task to the bottom").ordinal == 1
    q = parse_query("move the third card to the last column")
    assert q.ordinal == 3 and q.recounts  # two counts: acting refuses
    assert not parse_query("the second Delete").recounts


def test_a_first_or_last_that_ends_the_request_says_in_which_order_or_when() -> None:
    """"Put the oldest runs first" asks for a sort order and "change the inputs first"
    for something done before, not for the first item; "the last 3 days" is a span
    (Prefect's requests found nothing: the first of every list was looked for)."""
    for text in ("put the oldest runs first", "kick off a run but let me change the inputs "
                 "first", "sort newest first, then open it", "load the last 3 days",
                 "select the first 10 rows"):
        assert parse_query(text).ordinal is None, text
    assert "oldest" in parse_query("put the oldest runs first").terms
    assert "days" in parse_query("load the last 3 days instead of 1").terms
    # the word before it makes it one item
    for text, n in (("delete the first", 1), ("open the item listed first", 1),
                    ("click the last one", -1), ("edit the first post", 1),
                    ("the one that comes last", -1), ("retry the run that started last", -1),
                    ("open the mail that arrived first", 1)):
        assert parse_query(text).ordinal == n, text


@pytest.mark.parametrize(("text", "terms"), [
    ("to", ["to"]), ("from", ["from"]), ("the", []), ("the to field", ["to"]),
])
def test_a_request_of_small_words_only_keeps_them(text: str, terms: list[str]) -> None:
    """Review 58: fill "to" on a mail's compose form found nothing, as every word of the
    request was a stop word; a request made of them alone names a field by them."""
    assert parse_query(text).terms == terms


def test_a_title_in_capitals_keeps_its_small_words() -> None:
    """Review 60: "play Let It Be" asked only for "play" (every word of the title is a
    small word) and played another song. A run of capitalised words after the first is
    a title or a name; its possessive ending is no word of it."""
    assert parse_query("play Let It Be").terms == ["play", "let", "it", "be"]
    assert parse_query("approve Tom Becker's comment").terms == [
        "approve", "tom", "becker", "comment"]
    assert "it" not in parse_query("Let it be").terms  # the request's own first words
    assert parse_query("play it").terms == ["play"]
    # "the paragraph" after an ordinal is what is counted, not the running text
    assert parse_query("delete the second paragraph").prose is False
    assert parse_query("the link in the paragraph").prose is True


def test_select_or_toggle_before_an_article_is_the_verb() -> None:
    """Review 61: "select the hex nuts row" asked for a drop-down (*select* as a role
    word) and clicked the Reason select of an open dialog about hex nuts."""
    q = parse_query("select the hex nuts row")
    assert "select" not in q.role_words and "combobox" not in q.roles, q
    assert q.terms[0] == "select"  # a word of a *Select SKU-1003* box's name still
    assert "combobox" in parse_query("select Damaged as the reason").roles
    assert "combobox" in parse_query("the country select").roles
    assert "switch" not in parse_query("toggle the sidebar").roles


def test_a_small_word_joined_by_a_hyphen_is_a_word_of_the_name() -> None:
    assert parse_query("ship-to ZIP").terms == ["ship", "to", "zip"]
    assert "from" in parse_query("the ship-from state").terms
    assert "to" not in parse_query("go to the ZIP field").terms

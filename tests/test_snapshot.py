from __future__ import annotations

import pytest

from domdex import Node, RefError, Snapshot, SnapshotError, load_snapshot, parse_ref


@pytest.mark.parametrize(
    ("text", "ref"),
    [("e12", "e12"), ("@e12", "e12"), ("@ref:12", "e12"), ("ref=e12", "e12"),
     ("[ref=e12]", "e12"), ("12", "e12"), ("f1e3", "f1e3"), (" @F2E7 ", "f2e7"), ("s1e3", "s1e3")],
)
def test_parse_ref_accepts_the_forms_agents_write(text: str, ref: str) -> None:
    assert parse_ref(text) == ref


@pytest.mark.parametrize("text", ["", "button", "e", "f1", "e1x", "#id"])
def test_parse_ref_rejects_what_is_not_a_ref(text: str) -> None:
    with pytest.raises(RefError):
        parse_ref(text)


def test_snapshot_round_trips_through_json() -> None:
    snap = Snapshot(url="http://x/", title="T", nodes=[
        Node("e1", None, "body"),
        Node("e2", "e1", "button", role="button", name="Go", states=frozenset({"disabled"}),
             attrs={"id": "go"}, visible=False),
    ])
    again = load_snapshot(snap.to_json())
    assert again.to_dict() == snap.to_dict()
    assert again.get("e2").has("disabled")


def test_snapshot_rejects_a_child_before_its_parent() -> None:
    with pytest.raises(SnapshotError, match="parent"):
        load_snapshot({"nodes": [{"ref": "e2", "parent": "e1", "tag": "a"},
                                 {"ref": "e1", "parent": None, "tag": "body"}]})


def test_malformed_json_is_a_snapshot_error() -> None:
    with pytest.raises(SnapshotError, match="does not parse"):
        load_snapshot('{"nodes": [')

"""actions.tail: a reader of the event log that waits for ids committed out of order, hands each event out
once, and gives up an id that never appears (its transaction rolled back) once it is older than ``settle``."""

from __future__ import annotations

import pytest
from django.db.models import Q

from actions import tail as tail_module
from actions.tail import Tail


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def test_ids_in_order_are_each_new_and_leave_no_gap(clock):
    tail = Tail(10, clock=clock)
    assert tail.take([11, 12, 13]) == [True, True, True]
    assert (tail.high, tail.gaps, tail.low) == (13, [], 13)
    assert tail.where() == Q(id__gt=13)


def test_an_id_committed_after_a_higher_one_is_still_read_and_only_once(clock):
    tail = Tail(10, clock=clock)
    assert tail.take([12, 14]) == [True, True]  # 11 and 13: transactions still in flight
    assert tail.low == 10
    assert tail.where() == Q(id__gt=14) | Q(id=11) | Q(id=13)
    clock.now += 1
    assert tail.take([13, 15]) == [True, True]
    assert tail.take([11, 12, 13]) == [True, False, False]  # 12 and 13 were handed out before
    assert (tail.gaps, tail.low, tail.high) == ([], 15, 15)


def test_a_wide_gap_is_one_range_and_filling_its_middle_splits_it(clock):
    tail = Tail(0, clock=clock)
    tail.take([10])
    assert tail.where() == Q(id__gt=10) | Q(id__gte=1, id__lte=9)
    assert tail.take([5]) == [True]
    assert [(first, last) for first, last, _ in tail.gaps] == [(1, 4), (6, 9)]
    assert tail.take([1, 5, 9]) == [True, False, True]
    assert [(first, last) for first, last, _ in tail.gaps] == [(2, 4), (6, 8)]
    assert tail.low == 1


def test_a_gap_never_filled_is_given_up_after_settle_and_a_late_id_is_then_not_read(clock):
    tail = Tail(0, settle=5.0, clock=clock)
    tail.take([2])
    clock.now += 4.9
    assert tail.where() == Q(id__gt=2) | Q(id=1)
    clock.now += 0.2
    assert tail.where() == Q(id__gt=2)  # id 1's transaction rolled back: nothing waits for it any more
    assert tail.take([1]) == [False]
    assert tail.low == 2


def test_each_gap_keeps_the_moment_it_was_noticed(clock):
    tail = Tail(0, settle=5.0, clock=clock)
    tail.take([2])  # 1 noticed at 100
    clock.now += 3
    tail.take([4])  # 3 noticed at 103
    clock.now += 3  # 106: 1 is older than 5 s, 3 is not
    assert tail.where() == Q(id__gt=4) | Q(id=3)


def test_a_storm_of_gaps_keeps_only_the_newest(clock, monkeypatch):
    monkeypatch.setattr(tail_module, "MAX_GAPS", 3)
    tail = Tail(0, clock=clock)
    tail.take([2, 4, 6, 8, 10])
    assert [first for first, _, _ in tail.gaps] == [5, 7, 9]
    assert tail.take([1, 3, 5]) == [False, False, True]


def test_a_reader_starting_now_waits_for_the_ids_just_below_the_newest(clock):
    # the newest events are 20, 18, 17, 15; ids 16 and 19 are in flight, 14 is below the window
    tail = Tail.recent(20, [20, 18, 17, 15], 6, clock=clock)
    assert tail.high == 20
    assert [(first, last) for first, last, _ in tail.gaps] == [(16, 16), (19, 19)]
    assert tail.take([16, 19, 21]) == [True, True, True]
    assert tail.take([14]) == [False]


def test_a_reader_starting_on_an_empty_log():
    tail = Tail.recent(0, [], 256)
    assert (tail.high, tail.gaps) == (0, [])

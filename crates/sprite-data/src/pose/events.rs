//! `eventsBetween`: the events a player crosses when its clock moves from one tick to a later
//! one, with every wrap of a looping sequence.
//!
//! A sequence's `events` are `[tick, label]`, the tick counted from the start of one pass. On a
//! looping sequence (`loop` true and a total above 0, as in `poseAt`) pass `k` fires each event at
//! `k · total + tick`; any other sequence fires each event once, at its tick.
//!
//! The interval is **`(from, to]`**: a player that has shown tick `from` and now shows tick `to`
//! fires what happens after the one up to and including the other, so advancing in steps never
//! fires an event twice or skips one. The one moment no interval reaches is tick 0 itself, the
//! start: [`events_at_start`] gives those (TYPE1's Throw Item Finish sequences play a sound
//! there). `to < from` is an empty interval: a clock that runs backward crosses nothing.

use crate::document::{Sequence, SequenceEvent};

use super::{check_tick, total_ticks};
use crate::error::{Error, ErrorKind};

/// One event crossed, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventCrossing<'a> {
    /// The player's tick at which it fires: `pass · total + event.0`.
    pub tick: u64,
    /// Which pass of the sequence, 0 for the first (always 0 on a sequence that does not loop).
    pub pass: u64,
    pub event: &'a SequenceEvent,
}

/// The crossings in `(from, to]`, in the order they fire (tick order; events on the same tick in
/// the sequence's order). Lazy: each item costs O(1) and building it O(events), however many
/// passes the span holds; [`EventsBetween::remaining`] counts them without walking.
#[derive(Debug, Clone)]
pub struct EventsBetween<'a> {
    events: Vec<&'a SequenceEvent>,
    /// `Some(total)` when the sequence loops with a positive total.
    period: Option<u64>,
    from: u64,
    to: u64,
    pass: u64,
    next: usize,
    remaining: u128,
}

impl EventsBetween<'_> {
    /// How many crossings are left, counted arithmetically.
    pub fn remaining(&self) -> u128 {
        self.remaining
    }
}

impl<'a> Iterator for EventsBetween<'a> {
    type Item = EventCrossing<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        // Starting at the pass that holds `from`, at most one pass of events is skipped before
        // the first crossing; after it every event in order is one, until `remaining` runs out.
        while self.remaining > 0 {
            if self.period.is_none() && self.pass > 0 {
                return None;
            }
            let event = *self.events.get(self.next)?;
            let tick =
                u128::from(self.pass) * u128::from(self.period.unwrap_or(0)) + u128::from(event.0);
            let pass = self.pass;
            self.next += 1;
            if self.next == self.events.len() {
                self.next = 0;
                self.pass += 1;
            }
            if tick > u128::from(self.to) {
                // Ticks only grow from here (every event tick is within its pass).
                self.remaining = 0;
                return None;
            }
            if tick > u128::from(self.from) {
                self.remaining -= 1;
                // `tick <= to`, which fits.
                return Some(EventCrossing {
                    tick: tick as u64,
                    pass,
                    event,
                });
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

/// The events crossed when a player's clock moves from tick `from` to tick `to`, the interval
/// `(from, to]` (see the module documentation), loops included.
///
/// # Errors
/// [`ErrorKind::NegativeTick`] when either tick is negative; [`ErrorKind::EventPastEnd`] when a
/// looping sequence has an event after its last tick, which no pass could reach in order.
pub fn events_between(sequence: &Sequence, from: i64, to: i64) -> Result<EventsBetween<'_>, Error> {
    let from = check_tick(from)?;
    let to = check_tick(to)?;
    let mut events: Vec<&SequenceEvent> = sequence.events.iter().collect();
    // The builder writes them in tick order; a hand-written document might not.
    events.sort_by_key(|e| e.0);
    let total = total_ticks(sequence);
    let period = (sequence.looping && total > 0).then_some(total);
    if let Some(event) = events
        .iter()
        .find(|e| period.is_some_and(|t| u64::from(e.0) > t))
    {
        return Err(ErrorKind::EventPastEnd {
            sequence: sequence.seq,
            tick: event.0,
            total,
        }
        .into());
    }
    let remaining = if to <= from {
        0
    } else {
        events
            .iter()
            .map(|e| crossings(u64::from(e.0), period, from, to))
            .sum()
    };
    let pass = period.map_or(0, |total| from / total);
    Ok(EventsBetween {
        events,
        period,
        from,
        to,
        pass,
        next: 0,
        remaining,
    })
}

/// How many `k >= 0` put `k · period + tick` in `(from, to]` (only `k = 0` without a period).
fn crossings(tick: u64, period: Option<u64>, from: u64, to: u64) -> u128 {
    let Some(period) = period else {
        return u128::from(from < tick && tick <= to);
    };
    if to < tick {
        return 0;
    }
    let first = if from < tick {
        0
    } else {
        (from - tick) / period + 1
    };
    let last = (to - tick) / period;
    if last < first {
        0
    } else {
        u128::from(last - first) + 1
    }
}

/// The events at tick 0, which a player fires when it starts the sequence: no `(from, to]`
/// interval holds tick 0 (on a looping sequence the later passes' tick-0 events are crossed as
/// usual).
pub fn events_at_start(sequence: &Sequence) -> impl Iterator<Item = &SequenceEvent> {
    sequence.events.iter().filter(|e| e.0 == 0)
}

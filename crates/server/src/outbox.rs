//! What a table has to send one connection, waiting for the connection's socket to take
//! it. Bounded whatever the client does: an update is the whole table as the connection
//! sees it (view, history, seats, clocks), so a newer update replaces one not yet sent and
//! a slow reader gets the latest state, never a backlog; the other messages (an error
//! answering the client, chat lines) are kept in order up to [`MAX_WAITING`] or
//! [`MAX_BYTES`], past which the connection is closed as one that cannot keep up.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

/// The most messages other than updates waiting for one connection.
pub const MAX_WAITING: usize = 256;

/// The most bytes waiting for one connection, updates included.
pub const MAX_BYTES: usize = 4 << 20;

/// Bytes waiting in every outbox of this process (what slow readers cost the server).
static WAITING: AtomicUsize = AtomicUsize::new(0);

/// The bytes waiting in every connection's outbox now, across the process.
pub fn waiting_bytes() -> usize {
    WAITING.load(Ordering::Relaxed)
}

/// One connection's outgoing messages.
#[derive(Default)]
pub struct Outbox {
    queue: Mutex<Queue>,
    ready: Notify,
}

#[derive(Default)]
struct Queue {
    items: VecDeque<Item>,
    bytes: usize,
    /// Closed: the connection could not keep up.
    closed: bool,
    /// To close once what waits is sent (the table has closed).
    ending: bool,
}

struct Item {
    text: Arc<str>,
    update: bool,
}

/// What the socket finds in its outbox.
pub enum Next {
    /// A message to send.
    Send(Arc<str>),
    /// The connection could not keep up: close the socket.
    Behind,
    /// The table has closed: close the socket.
    Ended,
}

impl Outbox {
    /// A new, empty outbox.
    pub fn new() -> Arc<Outbox> {
        Arc::new(Outbox::default())
    }

    /// Queues the table's latest update, in place of one still waiting. `false` if the
    /// outbox is closed.
    pub fn update(&self, text: Arc<str>) -> bool {
        self.push(Item { text, update: true })
    }

    /// Queues another message (an error, chat lines). `false` if the outbox is closed,
    /// or closes now because the connection cannot keep up.
    pub fn send(&self, text: Arc<str>) -> bool {
        self.push(Item { text, update: false })
    }

    fn push(&self, item: Item) -> bool {
        let mut q = self.queue.lock().expect("an outbox");
        if q.closed || q.ending {
            return false;
        }
        if item.update
            && let Some(i) = q.items.iter().position(|it| it.update)
        {
            let old = q.items.remove(i).expect("the update found");
            q.bytes -= old.text.len();
            WAITING.fetch_sub(old.text.len(), Ordering::Relaxed);
        }
        let others = q.items.iter().filter(|it| !it.update).count();
        if (!item.update && others >= MAX_WAITING) || q.bytes + item.text.len() > MAX_BYTES {
            Self::close_queue(&mut q);
            drop(q);
            self.ready.notify_one();
            return false;
        }
        q.bytes += item.text.len();
        WAITING.fetch_add(item.text.len(), Ordering::Relaxed);
        q.items.push_back(item);
        drop(q);
        self.ready.notify_one();
        true
    }

    fn close_queue(q: &mut Queue) {
        q.closed = true;
        WAITING.fetch_sub(q.bytes, Ordering::Relaxed);
        q.bytes = 0;
        q.items.clear();
    }

    /// Closes the outbox: what waits is dropped and the socket is told to close.
    pub fn close(&self) {
        Self::close_queue(&mut self.queue.lock().expect("an outbox"));
        self.ready.notify_one();
    }

    /// Closes the outbox once what waits in it has been sent.
    pub fn close_after_sending(&self) {
        self.queue.lock().expect("an outbox").ending = true;
        self.ready.notify_one();
    }

    /// Whether the outbox was closed.
    pub fn is_closed(&self) -> bool {
        self.queue.lock().expect("an outbox").closed
    }

    /// The next message to send, waiting for one.
    pub async fn next(&self) -> Next {
        loop {
            {
                let mut q = self.queue.lock().expect("an outbox");
                if q.closed {
                    return Next::Behind;
                }
                if let Some(item) = q.items.pop_front() {
                    q.bytes -= item.text.len();
                    WAITING.fetch_sub(item.text.len(), Ordering::Relaxed);
                    return Next::Send(item.text);
                }
                if q.ending {
                    return Next::Ended;
                }
            }
            self.ready.notified().await;
        }
    }
}

impl Drop for Outbox {
    fn drop(&mut self) {
        let q = self.queue.get_mut().expect("an outbox");
        WAITING.fetch_sub(q.bytes, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Arc<str> {
        Arc::from(s)
    }

    #[tokio::test]
    async fn a_newer_update_replaces_the_waiting_one_and_other_messages_keep_their_order() {
        let o = Outbox::new();
        assert!(o.update(text("u1")));
        assert!(o.send(text("chat a")));
        assert!(o.update(text("u2")));
        assert!(o.send(text("chat b")));
        let mut got = Vec::new();
        for _ in 0..3 {
            match o.next().await {
                Next::Send(t) => got.push(t.to_string()),
                _ => panic!("closed"),
            }
        }
        assert_eq!(got, ["chat a", "u2", "chat b"]);
    }

    #[tokio::test]
    async fn a_connection_that_cannot_keep_up_is_closed_and_holds_nothing() {
        let o = Outbox::new();
        for i in 0..MAX_WAITING {
            assert!(o.send(text(&format!("line {i}"))));
        }
        assert!(!o.send(text("one too many")));
        assert!(o.is_closed());
        assert!(matches!(o.next().await, Next::Behind));
        assert!(!o.update(text("later")));
        // Updates alone never close it: each replaces the last.
        let o = Outbox::new();
        for i in 0..10_000 {
            assert!(o.update(text(&format!("update {i}"))));
        }
        assert!(matches!(o.next().await, Next::Send(t) if &*t == "update 9999"));
    }
}

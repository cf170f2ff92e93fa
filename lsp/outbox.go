package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"sync"
	"time"
)

// outbox is the server's way out: handlers queue their messages here,
// without waiting, and one goroutine writes them to the client in the
// order they were queued. A client that reads slowly (an editor busy
// elsewhere, a report of many megabytes) then delays only its own
// messages: the server goes on reading, analysing, answering
// cancellations and shutdown. When each handler wrote to the stream
// itself, holding the server's lock, one write to a client that did not
// read stopped everything, and a client that wrote its next message
// before reading the last answer (both blocked on a full pipe) hung the
// session.
//
// The queue stays bounded when the client reads nothing: a message with
// a key (a document's published diagnostics, a refresh request)
// replaces the one with the same key not yet written, and goes to the
// end of the queue, so what the client reads is what was queued, in the
// same order, less the superseded messages. What remains is one answer
// per request the client sent, the pulled reports sharing the bytes of
// their result.
type outbox struct {
	w   *bufio.Writer
	log *log.Logger

	mu      sync.Mutex
	q       []*frame          // q[head:] waits, in order
	head    int               //
	dropped int               // superseded frames in q[head:]
	keyed   map[string]*frame // the waiting frame of each key
	wake    chan struct{}     // something was queued, or the outbox closed
	closed  bool              // the session ended: nothing more is queued
	abandon bool              // stop writing: the client stopped reading at the end
	broken  bool              // a write failed: the client is gone, nothing more is queued
	writes  int               // writes completed, to tell a slow client from a stuck one
	started bool
	done    chan struct{} // closed when the writer returns
	failed  chan struct{} // closed when a write failed: the session is over
}

// frame is one message to write: data, then tail (the bytes of a result
// shared by every answer that carries it), or msg marshalled when it is
// written (a superseded one never is).
type frame struct {
	data, tail []byte
	msg        any
	key        string
	dropped    bool
}

func newOutbox(w io.Writer, logger *log.Logger) *outbox {
	return &outbox{w: bufio.NewWriterSize(w, 64<<10), log: logger, keyed: map[string]*frame{},
		wake: make(chan struct{}, 1), done: make(chan struct{}), failed: make(chan struct{})}
}

// start starts the writer. Frames queued before are written first.
func (o *outbox) start() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.started {
		return
	}
	o.started = true
	go o.run()
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// put queues f; a frame with a key supersedes the waiting one with the
// same key.
func (o *outbox) put(f *frame) {
	o.mu.Lock()
	if o.closed || o.broken {
		o.mu.Unlock()
		return
	}
	if f.key != "" {
		if old := o.keyed[f.key]; old != nil {
			old.dropped, old.data, old.tail, old.msg = true, nil, nil, nil
			o.dropped++
		}
		o.keyed[f.key] = f
	}
	o.q = append(o.q, f)
	if o.dropped > 32 && o.dropped > (len(o.q)-o.head)/2 {
		o.compact()
	}
	o.mu.Unlock()
	o.signal()
}

// compact removes the superseded frames from the queue: a client that
// reads nothing while a document is re-checked at every keystroke
// leaves one frame per document, not one per keystroke. o.mu is held.
func (o *outbox) compact() {
	live := make([]*frame, 0, len(o.q)-o.head-o.dropped)
	for _, f := range o.q[o.head:] {
		if !f.dropped {
			live = append(live, f)
		}
	}
	o.q, o.head, o.dropped = live, 0, 0
}

// next takes the first frame to write, nil when none waits. o.mu is held.
func (o *outbox) next() *frame {
	for o.head < len(o.q) {
		f := o.q[o.head]
		o.q[o.head] = nil
		o.head++
		if f.dropped {
			o.dropped--
			continue
		}
		if f.key != "" && o.keyed[f.key] == f {
			delete(o.keyed, f.key)
		}
		return f
	}
	o.q, o.head = o.q[:0], 0
	return nil
}

// run writes the queued frames until the outbox is closed and empty,
// abandoned, or a write fails.
func (o *outbox) run() {
	defer close(o.done)
	for {
		o.mu.Lock()
		if o.abandon {
			o.mu.Unlock()
			return
		}
		f := o.next()
		closed := o.closed
		o.mu.Unlock()
		var err error
		switch {
		case f != nil:
			err = o.write(f)
		case o.w.Buffered() > 0:
			err = o.w.Flush() // the queue is empty: send what is buffered
		case closed:
			return
		default:
			<-o.wake
			continue
		}
		o.mu.Lock()
		if err != nil {
			if !o.abandon {
				o.log.Printf("writing to the client: %v", err)
			}
			o.broken = true
			o.q, o.head, o.dropped, o.keyed = nil, 0, 0, nil
			o.mu.Unlock()
			close(o.failed)
			return
		}
		o.writes++
		o.mu.Unlock()
	}
}

// write writes one frame to the buffer (and on to the client when it
// fills).
func (o *outbox) write(f *frame) error {
	if f.msg != nil {
		body, err := json.Marshal(f.msg)
		if err != nil {
			o.log.Printf("a message to the client: %v", err)
			return nil
		}
		f.data = fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(body))
		f.tail = body
	}
	if _, err := o.w.Write(f.data); err != nil {
		return err
	}
	_, err := o.w.Write(f.tail)
	return err
}

// close ends the session's output: nothing more is queued, what is
// queued is written while the client reads it. A client that reads
// nothing for stall does not hold the server: the writer is abandoned
// (it stops once the write in progress returns, which the owner of the
// stream ends by closing it; a process ends anyway).
func (o *outbox) close(stall time.Duration) {
	o.mu.Lock()
	o.closed = true
	started, last := o.started, o.writes
	o.mu.Unlock()
	if !started {
		return
	}
	o.signal()
	t := time.NewTimer(stall)
	defer t.Stop()
	for {
		select {
		case <-o.done:
			return
		case <-t.C:
		}
		o.mu.Lock()
		if o.writes == last {
			o.abandon = true
			o.q, o.head, o.dropped, o.keyed = nil, 0, 0, map[string]*frame{}
			o.mu.Unlock()
			o.signal()
			return
		}
		last = o.writes
		o.mu.Unlock()
		t.Reset(stall)
	}
}

package analysis

import (
	"context"
	"sync"
)

// The scheduling of a run's files (pipeline): one goroutine lists them in
// run order (collect), the workers read and parse them, and the calling
// goroutine merges them in run order. As an execution trace
// (SQLLINT_TRACE) shows, on a run of many small files:
//
//   - the listing runs ahead of the workers by up to listAhead files, so
//     that the workers do not wait while a folder is read and sorted;
//   - a worker takes its next file from the list itself, with no
//     goroutine in between to hand it over.
//
// The window of files read and parsed but not yet merged stays small
// (minWindowPer files a worker): a wider one (128 files) left the cores
// of a loaded machine idle more, not less (g200, CPU/wall 0.40 against
// 0.55), the workers running far ahead of the merge, which waited
// behind them for a core. Past minWindowPer files a worker, up to
// maxWindow files may be in flight while they hold under windowBytes.
//
// Measured again on g200 (sets of 7 to 15 alternating runs, medians):
// with the machine to itself (runs under chrt), a window of 32 files
// cost 4-8% less CPU than 8 in four sets of five, less wall in three
// (0.87 s against 0.92 s CPU; 364 against 632 voluntary context
// switches: the workers wait for the window less often); on the machine
// loaded by other processes (load 17-27) it took 1.5 to 2.1 times the
// wall in three sets of three (6.45 s against 3.81 s, 3.87 s against
// 1.85 s; CPU/wall 0.26 against 0.47, the share of one thread), 16 files
// 1.2 times (4.53 s). So the window stays at 8.

// Window bounds: at least minWindowPer files a worker may be in flight
// (read or parsed, not yet merged) whatever their size; up to maxWindow
// while the files in flight hold less than windowBytes. (maxWindow is a
// variable for tests.)
const (
	minWindowPer = 4
	windowBytes  = 8 << 20
)

var maxWindow = 8

// listAhead is how many listed files may wait for a worker (a variable
// for tests).
var listAhead = 1024

// feed is the state the lister, the workers and the merge share.
type feed struct {
	mu sync.Mutex
	// listed holds the files listed and not yet taken, from head on.
	listed []input
	head   int
	closed bool // the listing is over
	// stopped is set when the merge stops the run (ctx done): no file is
	// taken any more, and the listing stops.
	stopped bool
	taken   int // files taken by workers, run-order numbers 0..taken-1
	merged  int // files merged (or dropped by a stopped run)
	held    int64
	// ring holds the channels of the taken files' results, by number %
	// len(ring), each made once and reused: a file is taken only while
	// fewer than len(ring) are in flight (roomLocked), so the file that
	// had a channel before has been merged and its channel emptied.
	ring   []chan *parsed
	minWin int
	// waiters on: room in listed (the lister), a file to take (the
	// workers), a file taken (the merge)
	listRoom, workReady, mergeReady  sync.Cond
	listWaits, workWaits, mergeWaits int
}

// newFeed is a feed with a window of at least minWin files in flight,
// at most ring (which is minWin or more).
func newFeed(minWin, ring int) *feed {
	f := &feed{minWin: minWin, ring: make([]chan *parsed, ring)}
	f.listRoom.L, f.workReady.L, f.mergeReady.L = &f.mu, &f.mu, &f.mu
	for i := range f.ring {
		f.ring[i] = make(chan *parsed, 1)
	}
	return f
}

// push adds a listed file; false once the run is stopped.
func (f *feed) push(in input) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.listed)-f.head >= listAhead && !f.stopped {
		f.listWaits++
		f.listRoom.Wait()
		f.listWaits--
	}
	if f.stopped {
		return false
	}
	if f.head >= listAhead || f.head > 0 && f.head == len(f.listed) {
		// the taken files' room is reused
		n := copy(f.listed, f.listed[f.head:])
		clear(f.listed[n:])
		f.listed, f.head = f.listed[:n], 0
	}
	f.listed = append(f.listed, in)
	if f.workWaits > 0 {
		f.workReady.Signal()
	}
	return true
}

// close ends the listing.
func (f *feed) close() {
	f.mu.Lock()
	f.closed = true
	f.workReady.Broadcast()
	f.mergeReady.Broadcast()
	f.mu.Unlock()
}

// roomLocked reports whether the window lets one more file be taken.
func (f *feed) roomLocked() bool {
	inFlight := f.taken - f.merged
	return inFlight < f.minWin || inFlight < len(f.ring) && f.held < windowBytes
}

// take returns the next file to read and where its result goes; ok is
// false when there is none any more.
func (f *feed) take() (in input, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for !f.stopped && (f.head == len(f.listed) && !f.closed || f.head < len(f.listed) && !f.roomLocked()) {
		f.workWaits++
		f.workReady.Wait()
		f.workWaits--
	}
	if f.stopped || f.head == len(f.listed) {
		return input{}, false
	}
	in = f.listed[f.head]
	f.listed[f.head] = input{}
	f.head++
	if f.listWaits > 0 && len(f.listed)-f.head <= listAhead/2 {
		f.listRoom.Signal()
	}
	in.done = f.ring[f.taken%len(f.ring)]
	f.taken++
	if f.mergeWaits > 0 {
		f.mergeReady.Signal()
	}
	return in, true
}

// hold counts the bytes a parsed file holds until it is merged.
func (f *feed) hold(n int64) {
	f.mu.Lock()
	f.held += n
	f.mu.Unlock()
}

// next returns the channel of the file numbered seq once a worker has
// taken it; ok is false when no file seq will be taken.
func (f *feed) next(seq int) (done chan *parsed, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for seq >= f.taken && !f.stopped && !(f.closed && f.head == len(f.listed)) {
		f.mergeWaits++
		f.mergeReady.Wait()
		f.mergeWaits--
	}
	if seq >= f.taken {
		return nil, false
	}
	return f.ring[seq%len(f.ring)], true
}

// release frees the window slot of a file merged, and the n bytes it held.
func (f *feed) release(n int64) {
	f.mu.Lock()
	f.merged++
	f.held -= n
	if f.workWaits > 0 {
		f.workReady.Signal()
	}
	f.mu.Unlock()
}

// stop stops the run: no file is taken or listed any more.
func (f *feed) stop() {
	f.mu.Lock()
	f.stopped = true
	f.listRoom.Broadcast()
	f.workReady.Broadcast()
	f.mergeReady.Broadcast()
	f.mu.Unlock()
}

// heldBytes is about what a parsed file holds until it is merged: its
// read buffer, or its text when that is a copy, and the statements the
// rules read (stmtBytes each, their syntax and what they point to): a
// file dense in statements of interest holds many times its size.
func heldBytes(p *parsed) int64 {
	var n int64
	switch {
	case p.lent != nil:
		n = int64(cap(p.lent))
	case p.mapped != nil:
		// its pages go as it is parsed
	case p.result != nil && p.result.Script != nil && p.result.Script.File != nil:
		n = int64(len(p.result.Script.File.Text))
	}
	if p.result != nil {
		n += stmtBytes * int64(len(p.result.Statements))
	}
	return n
}

// stmtBytes is about what a statement kept for the rules holds.
const stmtBytes = 1 << 10

// pipeline runs collect → workers → in-order merge, calling merge for each
// file in run order from the calling goroutine.
func (r *run) pipeline(ctx context.Context, merge func(*parsed)) error {
	workers := r.opt.Workers
	f := newFeed(minWindowPer*workers, max(maxWindow, minWindowPer*workers))
	listed := make(chan struct{})
	go func() {
		defer close(listed)
		defer f.close()
		r.replay(ctx, f.push)
	}()
	for range workers {
		go func() {
			var at dirCache // the folder of its last file, open
			defer at.close()
			for {
				in, ok := f.take()
				if !ok {
					return
				}
				p := r.parseOne(in, &at)
				p.held = heldBytes(p)
				f.hold(p.held)
				in.done <- p
			}
		}()
	}
	var err error
	var seen idSet
	for seq := 0; ; seq++ {
		done, ok := f.next(seq)
		if !ok {
			break
		}
		p := <-done
		if err == nil {
			if err = ctx.Err(); err != nil {
				f.stop()
			} else if !p.id.valid() || seen.add(p.id) {
				// a, ./a, d/../d/a, /abs/a or a link to a: the first name wins
				merge(p)
			}
		}
		f.release(p.held)
	}
	<-listed
	return err
}

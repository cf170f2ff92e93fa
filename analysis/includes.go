package analysis

import (
	"bytes"
	"context"
	"hash/maphash"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
)

// includeGuess is a static run's guess that no file of the run includes
// another: most runs include nothing, and knowing it for sure takes a
// pass over every file before the first can be checked (findIncluded),
// which costs about as much as grep over the whole run. The run goes
// ahead without that pass and holds its results back. The first file
// whose preprocessing reads a :r command ends the guess: the pass then
// runs (reading only the files the run has not read) while the merge
// waits before that file. When no file merged so far turns out to be
// included by another, the run goes on with the pass's answer, as if it
// had run first; otherwise it starts again.
type includeGuess struct {
	r      *run
	ctx    context.Context
	cancel context.CancelFunc
	wrong  atomic.Bool
	mu     sync.Mutex
	// clean are the files read and found to include nothing, by
	// pathKey of their OS path
	clean sortedSet[uint64]
	ready chan struct{} // closed when included is known
	// included is the pass's answer, set before ready is closed.
	included map[fileID]bool
	// The merge goroutine's: the files merged while guessing, whether
	// the run has gone on with the pass's answer, and whether it cannot.
	merged            idSet
	resumed, violated bool
	// streaming is set once the run has gone on with the pass's answer:
	// the results held so far are then final and the rest is not held.
	streaming atomic.Bool
}

// saw records what a worker found in one file of the guessing run.
func (g *includeGuess) saw(in *input, res *parser.Result) {
	if in.osPath == "" || res == nil || res.Script == nil {
		return // standard input is never looked at for includes; a file not read is read again
	}
	if res.Script.IncludeCommands > 0 {
		g.end()
		return
	}
	g.mu.Lock()
	g.clean.putValue(pathKey(in.osPath)) // asked only once the guess is wrong
	g.mu.Unlock()
}

// end ends the guess: the include pass runs over the files not read yet,
// and the merge waits for its answer before the next file.
func (g *includeGuess) end() {
	if !g.wrong.Swap(true) {
		go func() {
			g.included = g.r.includedIn(g.ctx, g.isClean)
			close(g.ready)
		}()
	}
}

func (g *includeGuess) isClean(path string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.clean.has(pathKey(path))
}

// cleanSet is the clean files, for a run that starts again (the guess
// is over: nothing adds to them any more).
func (g *includeGuess) cleanSet() *sortedSet[uint64] {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.clean.settle()
	return &g.clean
}

// pathKey is what a guessing run keeps of the path of a file it found to
// include nothing: a 64-bit hash, 8 bytes where the path took about 70
// with its string (7 MB of a 100,000-file run's live heap). Two paths of
// one run share a key with a chance of about n²/2⁶⁵ (3·10⁻¹⁰ for 100,000
// files), and the seed is new in each process, so no script can choose
// a path that shares one: the cost of a shared key would be one file the
// include pass does not read.
func pathKey(path string) uint64 { return maphash.String(hashSeed, path) }

// merging is called by the merge, in run order, before p is merged:
// once the guess is wrong it waits for the pass's answer and goes on
// with it, or cancels the run when a file merged on its own is one
// another includes.
func (g *includeGuess) merging(p *parsed) {
	if g.resumed || g.violated {
		return
	}
	if !g.wrong.Load() {
		if p.err == nil && p.id.valid() {
			g.merged.put(p.id) // asked only once the guess is wrong
		}
		return
	}
	select {
	case <-g.ready:
	case <-g.ctx.Done():
		g.violated = true
		return
	}
	for id, inc := range g.included {
		if inc && g.merged.has(id) {
			g.violated = true
			g.cancel()
			return
		}
	}
	g.r.included = g.included
	g.merged = idSet{} // checked: not needed any more
	g.resumed = true
	g.streaming.Store(true)
}

// staticGuessing is static, without the include pre-pass when the run
// can do without it (includeGuess): the results reach sink once they are
// final, at the end or as soon as the guess is known to be right.
func (r *run) staticGuessing(ctx context.Context, sink func(*FileResult)) (*Summary, error) {
	if !guessing || slices.Contains(r.opt.Paths, "-") || slices.Contains(r.opt.Context, "-") {
		if r.opt.Provisional != nil {
			r.opt.Provisional(true)
		}
		return r.static(ctx, sink) // standard input cannot be read twice
	}
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g := &includeGuess{r: r, ctx: gctx, cancel: cancel, ready: make(chan struct{})}
	r.guess = g
	if r.opt.Provisional != nil {
		return r.guessRun(ctx, g, sink, r.opt.Provisional, holdProvisional)
	}
	// Results are held while the guess may still be wrong, up to
	// holdFindings findings (guessRun): past that the guess ends as at a
	// :r command, so that memory does not grow with the findings of a
	// large run.
	h := &holder{ctx: ctx, sink: sink}
	sum, err := r.guessRun(ctx, g, h.add, h.settle, holdFindings)
	if err == nil && h.err != nil {
		return sum, h.err // as a run cancelled while it streams
	}
	return sum, err
}

// guessRun runs r while g guesses, giving each result to sink as soon as
// it is merged: provisional(true) tells that the results given so far are
// final and so will be the rest, provisional(false) that they are
// withdrawn, and the run starts again with the include pass's answer. The
// guess ends past hold findings, so that what the caller keeps of
// results that may be withdrawn is bounded, and past holdFindings when
// the files so far held more than denseFindings each: the include pass
// then reads few files for what holding them costs.
func (r *run) guessRun(ctx context.Context, g *includeGuess, sink func(*FileResult), provisional func(final bool), hold int) (*Summary, error) {
	findings, files, final := 0, 0, false
	sum, err := r.static(g.ctx, func(res *FileResult) {
		if !final && g.streaming.Load() {
			final = true
			provisional(true)
		}
		sink(res)
		files++
		if findings += len(res.Findings); !final && findings > holdFindings && (findings > hold || findings > denseFindings*files) {
			g.end()
		}
	})
	if g.wrong.Load() {
		<-g.ready // the pass stops with the run: never left behind
	}
	if !g.violated {
		if err != nil {
			return nil, err
		}
		if !final {
			provisional(true)
		}
		return sum, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	provisional(false)
	guessRestarts.Add(1)
	again, err := newRun(r.opt)
	if err != nil {
		return nil, err
	}
	again.known = g.cleanSet()
	return again.static(ctx, sink)
}

// holder holds the results of a guessing run back until they are final
// (settle), for a caller that takes only final results; from then on
// they pass straight through.
type holder struct {
	ctx     context.Context
	sink    func(*FileResult)
	held    [][]heldResult // in chunks: no slack of a doubling slice
	through bool
	err     error // the run was cancelled while the held results were given
}

func (h *holder) add(res *FileResult) {
	switch {
	case h.err != nil: // cancelled: nothing more, and nothing out of order
	case h.through:
		h.sink(res)
	default:
		if n := len(h.held); n == 0 || len(h.held[n-1]) == cap(h.held[n-1]) {
			h.held = append(h.held, make([]heldResult, 0, heldChunk))
		}
		h.held[len(h.held)-1] = append(h.held[len(h.held)-1], hold(res))
	}
}

// settle gives the held results to the sink when they are final, or
// drops them; either way later results pass straight through.
func (h *holder) settle(final bool) {
	h.through = true
	held := h.held
	h.held = nil
	if !final {
		return
	}
	for i, chunk := range held {
		for _, res := range chunk {
			if err := h.ctx.Err(); err != nil {
				h.err = err
				return
			}
			h.sink(res.result())
		}
		held[i] = nil // given: may go
	}
}

// heldResult is a result a guessing run holds back: most files of a run
// have no finding, and only their path is held.
type heldResult struct {
	path string
	res  *FileResult // nil: a result with no finding and no error
}

// heldChunk is how many results a chunk of held results holds (a
// variable for tests).
var heldChunk = 1 << 10

func hold(res *FileResult) heldResult {
	if res.Err == nil && res.Findings != nil && len(res.Findings) == 0 {
		return heldResult{path: res.Path}
	}
	return heldResult{res: res}
}

// result is the result held.
func (h heldResult) result() *FileResult {
	if h.res != nil {
		return h.res
	}
	return &FileResult{Path: h.path, Findings: []report.Finding{}}
}

// holdFindings is how many findings a guessing run holds back before it
// ends its guess (a variable for tests). holdProvisional is how many it
// gives provisionally (Options.Provisional) when they come from files
// with few findings each: sqllint scan holds what it prints of them in a
// temporary file past 4 MB, where the run would hold a result of a few
// hundred bytes a finding. Past either, the include pass reads the files
// not read yet: about a third of a second of both cores for 30,000 files
// of 10 KB, when the 44,722 findings of 1 GB / 100,000 files passed
// holdFindings 72% into the run, while holding them costs a write and a
// read of 15 MB. Files dense with findings (more than denseFindings each
// so far) end the guess at holdFindings: the pass reads few files, and
// holding their findings would cost more (200 files of 1,000 findings
// each wrote 55 MB).
var holdFindings, holdProvisional, denseFindings = 1 << 15, 1 << 17, 16

// guessing lets static runs guess (a variable for tests, which compare
// with the pre-pass).
var guessing = true

// prepassReads counts the files the include pre-pass reads, and
// guessRestarts the runs that started again (tests).
var prepassReads, guessRestarts atomic.Int64

// findIncluded lists the run's files once, before the pipeline, and marks
// in r.included the ones another file of the run includes with :r. Such a
// file is a part of the script that includes it, not a script of its own:
// a wrapper and its includes in one folder are one deployment, and
// checking the include again on its own would apply its statements to the
// database model twice (SL101 counting each file twice) and report the
// variables the wrapper defines as undefined (SL002). It is checked where
// it is included, whichever of the two comes first in run order. Two files
// that include each other (a cycle) are both checked on their own.
//
// Only the files that hold a ':' followed by 'r' are preprocessed here (a
// wrapper is rare; the others are only read), with an include cache of
// their own so that the run's expansion budget is not spent twice.
func (r *run) findIncluded(ctx context.Context) {
	var ins []input
	r.collect(ctx, func(in input) bool {
		ins = append(ins, in)
		return true
	})
	r.collected = ins
	if len(ins) < 2 {
		return // nothing to include, or no other file to include it
	}
	r.included = r.includedAmong(ctx, func(out func(input) bool) {
		for _, in := range ins {
			if !out(in) {
				return
			}
		}
	}, func(path string) bool { return r.known != nil && r.known.has(pathKey(path)) })
}

// includedIn is findIncluded's answer for a run already under way: the
// files are listed again as they are read, not kept (a run of 100,000
// files would hold their list, about 25 MB, while the run holds its
// results back); known tells the files already found to include nothing,
// which are not read again.
func (r *run) includedIn(ctx context.Context, known func(string) bool) map[fileID]bool {
	return r.includedAmong(ctx, func(out func(input) bool) { r.collect(ctx, out) }, known)
}

// includedAmong returns the files of a list (each gives its files to out,
// which stops it by returning false) another of them includes. Only the
// files that include one are kept, with what they include.
func (r *run) includedAmong(ctx context.Context, each func(out func(input) bool), known func(string) bool) map[fileID]bool {
	pre := *r.pre
	pre.Includes = parser.NewIncludeCache(r.cfg.MaxTotalExpandedSize)
	type wrapper struct {
		id   fileID
		incs []fileID
	}
	var (
		mu       sync.Mutex
		wrappers []wrapper
		wg       sync.WaitGroup
	)
	next := make(chan input, 64)
	// reading is most of the work: more readers than cores
	for w := 0; w < 4*r.opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 64<<10)
			var at dirCache // the folder of its last file, open
			defer at.close()
			for in := range next {
				if id, incs := r.includesOf(&in, &pre, &at, buf); id.valid() && len(incs) > 0 {
					mu.Lock()
					wrappers = append(wrappers, wrapper{id, incs})
					mu.Unlock()
				}
			}
		}()
	}
	each(func(in input) bool {
		if ctx.Err() != nil {
			return false
		}
		if in.err != nil || in.osPath == "" || known(in.osPath) {
			// standard input can be read only once; a file a guessing
			// run read includes nothing
			return true
		}
		next <- in
		return true
	})
	close(next)
	wg.Wait()
	includes := make(map[fileID]map[fileID]bool, len(wrappers)) // file → the files it includes
	for _, w := range wrappers {
		set := includes[w.id]
		if set == nil {
			set = map[fileID]bool{}
			includes[w.id] = set
		}
		for _, x := range w.incs {
			set[x] = true
		}
	}
	var included map[fileID]bool
	for y, set := range includes {
		for x := range set {
			if x != y && !includes[x][y] {
				if included == nil {
					included = map[fileID]bool{}
				}
				included[x] = true
			}
		}
	}
	return included
}

// includesOf returns the identity of one file of the run and, when it may
// hold a :r command, the files its script includes. Most files have none:
// they are scanned in buf without being kept.
func (r *run) includesOf(in *input, pre *parser.PreprocessOptions, at *dirCache, buf []byte) (id fileID, incs []fileID) {
	defer func() {
		if recover() != nil { // the pipeline reports the file's problem
			incs = nil
		}
	}()
	prepassReads.Add(1)
	may := false
	if b, ok := r.opt.Overlay[absClean(in.osPath)]; ok {
		id, may = r.identity(in.osPath), mayInclude(b)
	} else {
		id, may = scanFile(at, in.osPath, buf)
	}
	if !may {
		return id, nil
	}
	data, id, _, _, err := r.read(in, at, false)
	if err != nil {
		return id, nil
	}
	f, err := parser.Decode(in.display, data)
	if err != nil {
		return id, nil
	}
	for _, inc := range parser.IncludedFiles(f, pre) {
		incs = append(incs, r.identity(inc.Path))
	}
	return id, incs
}

// mayInclude reports whether data holds ':' followed by 'r' or 'R', in a
// one- or two-byte encoding: a script without it includes nothing.
func mayInclude(data []byte) bool {
	for {
		i := bytes.IndexByte(data, ':')
		if i < 0 || i+1 >= len(data) {
			return false
		}
		c := data[i+1]
		if c == 0 && i+2 < len(data) {
			c = data[i+2]
		}
		if c == 'r' || c == 'R' {
			return true
		}
		data = data[i+1:]
	}
}

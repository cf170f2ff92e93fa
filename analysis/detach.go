package analysis

import (
	"bufio"
	"maps"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// detachMapped copies out of a mapped file what the kept statements of
// res read once the file is parsed, so that the model and the rules never
// fault its pages back in: the text of each statement (a batch copy holds
// only its kept statements' text, each followed by a newline, with
// Start, End and the segments moved so that every position is the same),
// the strings of the parsed statements and of their dynamic SQL facts,
// the directives' text and the diagnostics' messages. What the statements
// do not hold (the text around a finding, its line) is read from the
// file (parser.File.SetRelease). release is called as the copying reads
// its way through the file.
//
// The copy is small: the statements a rule reads are few (11 MB of
// statement text for a 500 MB script at 2% of interest, where their
// whole batches are 98 MB).
func detachMapped(res *parser.Result, mapping []byte, release func()) {
	if len(mapping) == 0 {
		return
	}
	d := detacher{lo: uintptr(unsafe.Pointer(unsafe.SliceData(mapping))), release: release}
	d.hi = d.lo + uintptr(len(mapping))
	if len(res.Branches) > 0 {
		d.moves = map[int][]region{}
	}
	d.batches(groupByBatch(res.Statements))
	if d.moves != nil {
		moveBranches(res, d.moves)
	}
	for i := range res.Directives {
		res.Directives[i].Text = d.clone(res.Directives[i].Text)
	}
	for i := range res.Diags {
		res.Diags[i].Message = d.clone(res.Diags[i].Message)
	}
	if s := res.Script; s != nil {
		for i := range s.Diags {
			s.Diags[i].Message = d.clone(s.Diags[i].Message)
		}
	}
	release()
}

// groupByBatch groups stmts by batch, in order of first appearance. The
// kept statements of one batch share one copy of it and follow each
// other, batches in the order of their Index: the groups are then runs of
// stmts itself, found without a map or a slice for each (a 500 MB script
// at 5% of interest keeps 120,000 batches). Else they are gathered.
func groupByBatch(stmts []*parser.Statement) [][]*parser.Statement {
	// room for the runs at once: grown run by run, the list (24 bytes a
	// batch) left as much again in garbage at a huge script's peak
	runs := 0
	for i, st := range stmts {
		if i == 0 || st.Batch == nil || st.Batch != stmts[i-1].Batch {
			runs++
		}
	}
	groups := make([][]*parser.Statement, 0, runs)
	for i := 0; i < len(stmts); {
		j := i + 1
		for j < len(stmts) && stmts[j].Batch == stmts[i].Batch && stmts[i].Batch != nil {
			j++
		}
		if k := len(groups); k > 0 {
			prev := groups[k-1][0].Batch
			if prev == nil || stmts[i].Batch == nil || prev.Index >= stmts[i].Batch.Index {
				return gatherByBatch(stmts)
			}
		}
		groups = append(groups, stmts[i:j:j])
		i = j
	}
	return groups
}

// gatherByBatch is groupByBatch for statements whose batches are not in
// runs in order: a batch's statements are gathered into a group of their
// own (a statement without a batch is a group alone).
func gatherByBatch(stmts []*parser.Statement) [][]*parser.Statement {
	var (
		groups [][]*parser.Statement
		index  = map[*parser.Batch]int{}
	)
	for _, st := range stmts {
		k, ok := index[st.Batch]
		if !ok || st.Batch == nil {
			k = len(groups)
			index[st.Batch] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], st)
	}
	return groups
}

// detacher holds the mapping being detached from and, while a statement
// is moved, where its text was and where it is now.
type detacher struct {
	lo, hi  uintptr // the mapping's addresses
	release func()
	read    int // statements copied since the last release
	// the statement being moved: its text in the mapping (from, n bytes)
	// is now to[:n]
	from uintptr
	n    int
	to   string
	// room reused from batch to batch (regions, segs) and the slabs
	// batch copies take their text and segments from (textRoom, segRoom)
	regions []region
	segs    []parser.Segment
	text    []byte
	segSlab []parser.Segment
	// moves are the regions each batch's copy was made of, by Index,
	// when the script has IF ... ELSE statements (moveBranches); nil
	// otherwise
	moves map[int][]region
}

// detachSplit is how many batches of kept statements detachMapped moves
// on two goroutines, half each, rather than on one (a variable for tests).
var detachSplit = 256

// batches moves the kept statements of each group (batch); many groups
// are moved on two goroutines, each group and its statements being moved
// by one only. A fault (a mapped file cut short) on either is the
// caller's panic.
func (d *detacher) batches(groups [][]*parser.Statement) {
	if len(groups) < detachSplit {
		for _, g := range groups {
			d.batch(g)
		}
		return
	}
	// halves of about as many statements
	total := 0
	for _, g := range groups {
		total += len(g)
	}
	k, n := 0, 0
	for k < len(groups)-1 && n+len(groups[k]) <= total/2 {
		n += len(groups[k])
		k++
	}
	k = max(k, 1)
	e := detacher{lo: d.lo, hi: d.hi, release: d.release}
	if d.moves != nil {
		e.moves = map[int][]region{}
	}
	wait := goFaulting(func() {
		for _, g := range groups[k:] {
			e.batch(g)
		}
	})
	for _, g := range groups[:k] {
		d.batch(g)
	}
	wait()
	maps.Copy(d.moves, e.moves)
}

// moveBranches moves the offsets of res's IF ... ELSE statements, and
// those of the EXECs that run its dynamic SQL (DynSource.At), to the
// copies of their batches, made of regions moves gives by batch: a
// statement inside an arm still is (movedOffset).
func moveBranches(res *parser.Result, moves map[int][]region) {
	for i := range res.Branches {
		b := &res.Branches[i]
		if rg, ok := moves[b.Batch]; ok && b.Dyn == nil { // (a file's offsets do not move)
			b.Then = int32(movedOffset(rg, int(b.Then)))
			b.Else = int32(movedOffset(rg, int(b.Else)))
			b.End = int32(movedOffset(rg, int(b.End)))
		}
	}
	var done map[*parser.DynSource]bool
	for _, st := range res.Statements {
		src := st.Batch.Dyn
		if src == nil || done[src] {
			continue
		}
		if rg, ok := moves[st.Batch.Index]; ok {
			if done == nil {
				done = map[*parser.DynSource]bool{}
			}
			done[src] = true
			src.At = int32(movedOffset(rg, int(src.At)))
		}
	}
}

// releaseEvery: the pages read by copying this many statements are
// released (each maps the 64 KB around it).
const detachReleaseEvery = 32

// inMapping reports whether s points into the mapping.
func (d *detacher) inMapping(s string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return len(s) > 0 && p >= d.lo && p < d.hi
}

// clone is s, copied when it points into the mapping.
func (d *detacher) clone(s string) string {
	if d.inMapping(s) {
		return strings.Clone(s)
	}
	return s
}

// moved is s pointing into the statement's new text when it is part of
// its old text, a copy when it is elsewhere in the mapping, s otherwise.
func (d *detacher) moved(s string) string {
	if !d.inMapping(s) {
		return s
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if d.to != "" && p >= d.from && p+uintptr(len(s)) <= d.from+uintptr(d.n) {
		off := int(p - d.from)
		return d.to[off : off+len(s)]
	}
	return strings.Clone(s)
}

// movedOffset is where offset off of a batch's text is in its copy made
// of regions (each followed by a newline): in a region, where it moved
// to; between two, at the start of the next (the end of the copy after
// the last). A statement that starts before off still does, one that
// starts at it or after still does: a BEGIN CATCH's CatchEnd moves so.
func movedOffset(regions []region, off int) int {
	o := 0
	for _, rg := range regions {
		if off < rg.start {
			return o
		}
		if off <= rg.end {
			return o + off - rg.start
		}
		o += rg.end - rg.start + 1
	}
	return o
}

// batch moves the kept statements of one batch (all sharing one copy of
// it, made by rules.Compactor) to a new text holding only theirs.
func (d *detacher) batch(stmts []*parser.Statement) {
	b := stmts[0].Batch
	if b == nil || !d.inMapping(b.Text) {
		// text the preprocessor built (variables, includes) is already
		// the batch's own; only strings that point into the file move
		d.to = ""
		for _, st := range stmts {
			d.strings(st)
		}
		return
	}
	orig, segs := b.Text, b.Segs
	// Statements close to each other (a gap of at most detachGap bytes)
	// are copied as one region with what lies between them: one segment
	// rather than one per statement. Each region is followed by a newline,
	// so that no two regions share an offset.
	regions := d.regions[:0]
	size := 0
	for _, st := range stmts {
		if k := len(regions) - 1; k >= 0 && st.Start >= regions[k].end && st.Start-regions[k].end <= detachGap {
			size += max(st.End, regions[k].end) - regions[k].end
			regions[k].end = max(st.End, regions[k].end)
			regions[k].n++
			continue
		}
		regions = append(regions, region{st.Start, st.End, 1})
		size += st.End - st.Start + 1
	}
	d.regions = regions
	buf := d.textRoom(size)
	text := unsafe.String(unsafe.SliceData(buf), len(buf)) // buf is not written once copied
	out := d.segs[:0]
	base := uintptr(unsafe.Pointer(unsafe.StringData(orig)))
	o, i := 0, 0
	for _, rg := range regions {
		s, e := rg.start, rg.end
		copy(buf[o:], orig[s:e])
		buf[o+e-s] = '\n'
		out = moveSegments(out, segs, s, e, o)
		d.from, d.n, d.to = base+uintptr(s), e-s, text[o:o+e-s]
		for _, st := range stmts[i : i+rg.n] {
			st.Start, st.End = o+st.Start-s, o+st.End-s
			d.strings(st)
		}
		i += rg.n
		o += e - s + 1
		if d.read += rg.n; d.read >= detachReleaseEvery {
			d.read = 0
			d.release()
		}
	}
	d.to = ""
	d.segs = out
	if d.moves != nil {
		d.moves[b.Index] = slices.Clone(regions)
	}
	for _, st := range stmts {
		if st.CatchEnd > 0 {
			st.CatchEnd = int32(movedOffset(regions, int(st.CatchEnd)))
		}
	}
	b.Text = text
	if b.Dyn == nil && len(out) <= len(segs) {
		// the batch's own copy (rules.Compactor made one for the kept
		// statements of each batch) has room: most batches keep one
		// segment, and new room for each was 4 to 6 MB of a 500 MB
		// script's peak at 5% of interest
		b.Segs = segs[:len(out):len(out)]
		copy(b.Segs, out)
		return
	}
	b.Segs = d.segRoom(out)
}

// region is a part of a batch's text that detacher.batch copies:
// orig[start:end], holding n kept statements.
type region struct{ start, end, n int }

// detachSlab is the size of the room batch copies' texts are taken from,
// and detachSegSlab the number of segments of the room their segments
// are taken from: a batch of a large script keeps a statement or two
// (120 bytes of text, a segment), and a text and a list of segments
// made for each were a third of a 500 MB script's allocations.
const (
	detachSlab    = 64 << 10
	detachSegSlab = 1 << 10
)

// textRoom returns n bytes of room for a batch copy's text, taken from
// d.text (a new one made when it has too little left). The room is
// written once, then only read.
func (d *detacher) textRoom(n int) []byte {
	if n > detachSlab/4 {
		return make([]byte, n)
	}
	if len(d.text) < n {
		d.text = make([]byte, detachSlab)
	}
	buf := d.text[:n:n]
	d.text = d.text[n:]
	return buf
}

// segRoom returns a copy of segs in room taken from d.segRoom's slab.
func (d *detacher) segRoom(segs []parser.Segment) []parser.Segment {
	n := len(segs)
	if n > detachSegSlab/4 {
		return slices.Clone(segs)
	}
	if cap(d.segSlab)-len(d.segSlab) < n {
		d.segSlab = make([]parser.Segment, 0, detachSegSlab)
	}
	k := len(d.segSlab)
	d.segSlab = append(d.segSlab, segs...)
	return d.segSlab[k : k+n : k+n]
}

// detachGap is the largest gap between two kept statements of a batch
// copied with them (rather than starting a new region and segment).
const detachGap = 32

// moveSegments appends to out the segments that map batch offsets
// [s, e) of segs, for the same text moved to offset o: every offset in it
// maps to the same file position as before.
func moveSegments(out, segs []parser.Segment, s, e, o int) []parser.Segment {
	j := sort.Search(len(segs), func(i int) bool { return segs[i].Out > s }) - 1
	if j < 0 {
		j = 0
	}
	first := segs[j]
	in := first.In
	if !first.Subst {
		in += s - first.Out
	}
	out = append(out, parser.Segment{Out: o, File: first.File, In: in, Subst: first.Subst})
	for _, sg := range segs[j+1:] {
		if sg.Out >= e {
			break
		}
		sg.Out = o + sg.Out - s
		out = append(out, sg)
	}
	return out
}

// strings moves the strings of a statement's parsed form and dynamic SQL
// facts.
func (d *detacher) strings(st *parser.Statement) {
	if st.Node != nil {
		d.walk(reflect.ValueOf(&st.Node).Elem())
	}
	if st.Dynamic != nil {
		d.walk(reflect.ValueOf(st.Dynamic).Elem())
	}
}

// Pointers walk does not follow: a file's text is the mapping itself,
// and a batch or statement is not part of a statement's parsed form.
var (
	fileType  = reflect.TypeFor[*parser.File]()
	batchType = reflect.TypeFor[*parser.Batch]()
	stmtType  = reflect.TypeFor[*parser.Statement]()
)

// walk moves every string reachable from v (addressable), except through
// a *parser.File, *parser.Batch or *parser.Statement.
func (d *detacher) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); d.inMapping(s) && v.CanSet() {
			v.SetString(d.moved(s))
		}
	case reflect.Pointer:
		if !v.IsNil() && holdsStrings(v.Type()) {
			d.walk(v.Elem())
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		if !holdsStrings(e.Type()) {
			return
		}
		if e.Kind() == reflect.Pointer {
			d.walk(e)
			return
		}
		if v.CanSet() { // a value in an interface: moved in a copy
			cp := reflect.New(e.Type()).Elem()
			cp.Set(e)
			d.walk(cp)
			v.Set(cp)
		}
	case reflect.Struct:
		for _, i := range stringFields(v.Type()) {
			d.walk(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		if !holdsStrings(v.Type()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			d.walk(v.Index(i))
		}
	}
}

// plans caches, by struct type, the exported fields that may hold a
// string walk moves (spans, sizes and counts are passed over).
var plans sync.Map // reflect.Type → []int

func stringFields(t reflect.Type) []int {
	if p, ok := plans.Load(t); ok {
		return p.([]int)
	}
	var fields []int
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && typeHoldsStrings(f.Type, map[reflect.Type]bool{}) {
			fields = append(fields, i)
		}
	}
	plans.Store(t, fields)
	return fields
}

// holdsStrings reports whether a value of type t may hold a string walk
// moves.
func holdsStrings(t reflect.Type) bool {
	if p, ok := holds.Load(t); ok {
		return p.(bool)
	}
	h := typeHoldsStrings(t, map[reflect.Type]bool{})
	holds.Store(t, h)
	return h
}

var holds sync.Map // reflect.Type → bool

func typeHoldsStrings(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false // the other fields decide
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.String, reflect.Interface:
		return true
	case reflect.Pointer:
		if t == fileType || t == batchType || t == stmtType {
			return false
		}
		return typeHoldsStrings(t.Elem(), seen)
	case reflect.Slice, reflect.Array:
		return typeHoldsStrings(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && typeHoldsStrings(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// transcoded counts the files transcodeMapped decoded (tests).
var transcoded atomic.Int64

// transcodeMapped decodes a mapped file that is not UTF-8 (UTF-16,
// Windows-1252) into a temporary file, a window at a time, and maps that:
// the decoded text is then paged like a UTF-8 script's rather than held
// whole in memory (a 200 MB UTF-16 script is 100 MB of text). The
// temporary file is removed at once; its mapping ends with the run. It
// returns nil when the file must be decoded whole (text that does not
// decode without loss, binary data) or the temporary file cannot be
// written (no space: the caller decodes in memory).
func transcodeMapped(path string, data []byte, release func()) (*parser.File, []byte) {
	tmp, err := os.CreateTemp("", "sqllint-*.sql")
	if err != nil {
		return nil, nil
	}
	defer tmp.Close()
	_ = os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 256<<10)
	enc, noBOM, ok, err := parser.Transcode(w, data, release)
	if !ok || err != nil || w.Flush() != nil {
		return nil, nil
	}
	info, err := tmp.Stat()
	if err != nil || info.Size() == 0 {
		return nil, nil
	}
	text, err := mapFile(tmp, info.Size())
	if err != nil {
		return nil, nil
	}
	transcoded.Add(1)
	return parser.NewTranscoded(path, unsafe.String(unsafe.SliceData(text), len(text)), enc, noBOM), text
}

package output

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"fmt"
	"hash/maphash"
	"io"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/sqllint/sqllint/internal/spool"
	"github.com/sqllint/sqllint/report"
)

// Stream prints a report whose findings arrive a file at a time, as a run
// finds them: text, json, github, azure and gitlab print each finding as
// it comes, sarif keeps its results encoded (on disk past a few MB) until
// the end, where the run object needs the input errors first, and
// checkstyle and junit keep each finding's element printed the same way
// (groupStream) until Close groups them by file. What a format needs at
// the end (counts, the rules findings name, the fingerprints' occurrence
// counters, a few words a file) stays small. The bytes are those Write
// prints for the same report.
type Stream struct {
	w      *bufio.Writer
	werr   error
	format string
	opt    Options
	head   *report.Report
	lineOf func(f *report.Finding) (string, bool)
	impl   streamer
	chunk  bytes.Buffer
	closed bool
}

// streamer is one format's streaming printer.
type streamer interface {
	// add prints (or keeps) findings, appending bytes to b.
	add(s *Stream, b *bytes.Buffer, fs []report.Finding) error
	// close appends the rest of the document for the whole report r
	// (Findings empty: they were added) to b.
	close(s *Stream, b *bytes.Buffer, r *report.Report) error
}

// NewStream starts printing a report in the named format to w. head gives
// what a format prints before the findings (Tool, Version, Rules); the
// findings' lines come from their SourceText. Findings are then given with
// Add in report order, and Close prints the rest with the run's errors and
// file count. w receives the document in pieces: a format that fails
// part-way leaves what was written.
func NewStream(w io.Writer, format string, head *report.Report, opt Options) (*Stream, error) {
	s, err := newStream(format, head, opt)
	if err != nil {
		return nil, err
	}
	s.w = bufio.NewWriterSize(w, 256<<10)
	s.lineOf = func(f *report.Finding) (string, bool) {
		if f.Path == "" || f.Line < 1 {
			return "", false
		}
		return trimEOL(f.SourceText), true
	}
	if ss, ok := s.impl.(*sarifStream); ok {
		ss.spill, ss.held.Max = true, sarifSpill
	}
	return s, s.flush()
}

// trimEOL is strings.TrimRight(s, "\r\n") without building its set of
// bytes for every finding.
func trimEOL(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '\n' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

func newStream(format string, head *report.Report, opt Options) (*Stream, error) {
	name := strings.ToLower(strings.TrimSpace(format))
	if _, ok := formats[name]; !ok {
		return nil, fmt.Errorf("unknown output format %q (valid formats: %s)", format, strings.Join(Formats(), ", "))
	}
	if head == nil {
		head = &report.Report{}
	}
	s := &Stream{format: format, opt: opt, head: head}
	switch name {
	case "text":
		s.impl = &textStream{}
	case "json":
		s.impl = &jsonStream{}
	case "sarif":
		s.impl = &sarifStream{}
	case "github":
		s.impl = &lineStream{finding: githubFinding, errors: githubErrors}
	case "azure":
		s.impl = &lineStream{finding: azureFinding, errors: azureErrors}
	case "gitlab":
		s.impl = &gitlabStream{}
	case "checkstyle":
		s.impl = &groupStream{}
	case "junit":
		s.impl = &groupStream{junit: true}
	default:
		return nil, fmt.Errorf("output format %q cannot print as findings come", format)
	}
	return s, nil
}

// Add prints findings, the next ones in report order.
func (s *Stream) Add(fs []report.Finding) error {
	if len(fs) == 0 || s.werr != nil {
		return s.werr
	}
	switch s.impl.(type) {
	case *textStream, *jsonStream, *lineStream, *gitlabStream:
		// printed a part at a time: a file with a hundred thousand
		// findings is not held printed whole (the bytes are the same:
		// each finding prints on its own lines)
		for len(fs) > addPart {
			if err := s.impl.add(s, &s.chunk, fs[:addPart]); err != nil {
				return fmt.Errorf("%s output: %w", s.format, err)
			}
			if err := s.flush(); err != nil {
				return err
			}
			fs = fs[addPart:]
		}
	}
	if err := s.impl.add(s, &s.chunk, fs); err != nil {
		return fmt.Errorf("%s output: %w", s.format, err)
	}
	return s.flush()
}

// addPart is how many findings Add prints before it hands them to the
// writer, in the formats that print findings as they come.
const addPart = 1024

// Close prints the rest of the document: r gives the input errors, the
// file count and Failed (its Findings are ignored: they were added).
func (s *Stream) Close(r *report.Report) error {
	if s.closed {
		return s.werr
	}
	s.closed = true
	if r == nil {
		r = &report.Report{}
	}
	rest := *s.head
	rest.Errors, rest.Files, rest.Failed, rest.Findings = r.Errors, r.Files, r.Failed, nil
	if s.werr == nil {
		if err := s.impl.close(s, &s.chunk, &rest); err != nil {
			s.werr = fmt.Errorf("%s output: %w", s.format, err)
		}
	} else if x, ok := s.impl.(interface{ drop() }); ok {
		x.drop() // a failed write: the results kept are not printed
	}
	if err := s.flush(); err != nil {
		return err
	}
	if s.w != nil && s.werr == nil {
		s.werr = s.w.Flush()
	}
	return s.werr
}

// flush hands the bytes printed so far to the writer.
func (s *Stream) flush() error {
	if s.w == nil || s.chunk.Len() == 0 || s.werr != nil {
		return s.werr
	}
	_, s.werr = s.w.Write(s.chunk.Bytes())
	s.chunk.Reset()
	return s.werr
}

// writeStreamed prints a whole report through a format's stream (Write).
func writeStreamed(b *bytes.Buffer, format string, r *report.Report, opt Options) error {
	s, err := newStream(format, r, opt)
	if err != nil {
		return err
	}
	s.lineOf = func(f *report.Finding) (string, bool) { return sourceLine(r, f.Path, f.Line) }
	if err := s.impl.add(s, b, r.Findings); err != nil {
		return err
	}
	return s.impl.close(s, b, r)
}

// tally counts findings by severity and rule, for summaries.
type tally struct {
	counts
	n      int
	byRule map[string]*ruleCount
	last   *ruleCount // the rule of the last finding counted
	// recent finds the count of a rule ID by its slot (ruleSlot) and
	// where its bytes are: the findings of a rule carry the same string
	// (the rule's), so that a finding is counted without a map
	recent [ruleSlots]ruleRef
}

// ruleSlots is the size of tally's table of rule IDs.
const ruleSlots = 64

type ruleRef struct {
	p  *byte // the rule ID's bytes
	n  int   // its length
	rc *ruleCount
}

type ruleCount struct {
	id, name string
	n        int
}

func (t *tally) add(f *report.Finding) {
	t.n++
	switch severity(f.Severity) {
	case report.Error:
		t.errors++
	case report.Warning:
		t.warnings++
	default:
		t.infos++
	}
	if rc := t.last; rc != nil && rc.id == f.RuleID {
		rc.n++ // a file's findings of one rule often come in a row
		return
	}
	p := unsafe.StringData(f.RuleID)
	e := &t.recent[ruleSlot(f.RuleID, ruleSlots)]
	if e.p != p || e.n != len(f.RuleID) || e.rc == nil {
		if t.byRule == nil {
			t.byRule = map[string]*ruleCount{}
		}
		rc := t.byRule[f.RuleID]
		if rc == nil {
			rc = &ruleCount{id: f.RuleID, name: f.RuleName}
			t.byRule[f.RuleID] = rc
		}
		*e = ruleRef{p: p, n: len(f.RuleID), rc: rc}
	}
	e.rc.n++
	t.last = e.rc
}

// ---- text ----

type textStream struct {
	t  tally
	sc snippetCache
}

func (x *textStream) add(s *Stream, b *bytes.Buffer, fs []report.Finding) error {
	st := styler(s.opt.Color)
	for i := range fs {
		f := &fs[i]
		x.t.add(f)
		start := b.Len()
		if textFindingWith(b, f, st, s.opt.ShowSource, s.lineOf, &x.sc) {
			// a finding prints whole lines: its own are rewritten as
			// those of the whole text would be
			defuseCI(b, start)
		}
	}
	return nil
}

func (x *textStream) close(s *Stream, b *bytes.Buffer, r *report.Report) error {
	start := b.Len()
	defer defuseCI(b, start)
	st := styler(s.opt.Color)
	for _, e := range r.Errors {
		b.WriteString(cleanPath(cleanText(e.Path)))
		b.WriteString(": ")
		b.WriteString(st.paint(ansiRed, "error"))
		b.WriteString(": ")
		writeMessageLines(b, e.Message)
	}
	if x.t.n > 0 || len(r.Errors) > 0 {
		b.WriteByte('\n')
	}
	textSummary(b, r, &x.t)
	return nil
}

// ---- json ----

type jsonStream struct {
	t       tally
	started bool
	n       int
	w       jw
}

// jsonFindingsKey is where the findings array starts in the document.
const jsonFindingsKey = "\n  \"findings\": ["

func (x *jsonStream) doc(r *report.Report) jsonReport {
	return jsonReport{
		Tool: toolName(r), Version: r.Version,
		Findings: []report.Finding{},
		Errors:   append(make([]report.InputError, 0, len(r.Errors)), r.Errors...),
		Summary:  jsonSummary{Files: r.Files, Errors: x.t.errors, Warnings: x.t.warnings, Infos: x.t.infos},
	}
}

// start prints the document up to the findings array's "[".
func (x *jsonStream) start(s *Stream, b *bytes.Buffer) error {
	if x.started {
		return nil
	}
	x.started = true
	var d bytes.Buffer
	if err := encodeJSON(&d, x.doc(s.head)); err != nil {
		return err
	}
	i := bytes.Index(d.Bytes(), []byte(jsonFindingsKey))
	if i < 0 {
		return fmt.Errorf("no findings array")
	}
	b.Write(d.Bytes()[:i+len(jsonFindingsKey)])
	return nil
}

func (x *jsonStream) add(s *Stream, b *bytes.Buffer, fs []report.Finding) error {
	if err := x.start(s, b); err != nil {
		return err
	}
	x.w.b = b
	for i := range fs {
		f := &fs[i]
		x.t.add(f)
		if x.n > 0 {
			b.WriteByte(',')
		}
		x.n++
		b.WriteString("\n    ")
		x.w.finding(f, 2) // "edits" is always an array, never null
	}
	return nil
}

func (x *jsonStream) close(s *Stream, b *bytes.Buffer, r *report.Report) error {
	if err := x.start(s, b); err != nil {
		return err
	}
	var d bytes.Buffer
	if err := encodeJSON(&d, x.doc(r)); err != nil {
		return err
	}
	i := bytes.Index(d.Bytes(), []byte(jsonFindingsKey))
	if i < 0 {
		return fmt.Errorf("no findings array")
	}
	if x.n > 0 {
		b.WriteString("\n  ")
	}
	b.Write(d.Bytes()[i+len(jsonFindingsKey):])
	return nil
}

// ---- github, azure ----

// lineStream prints a format whose findings are lines of their own, in
// report order, followed by the input errors (github, azure).
type lineStream struct {
	finding func(b *bytes.Buffer, f *report.Finding, path *pathProp)
	errors  func(b *bytes.Buffer, errs []report.InputError)
	path    pathProp
}

func (x *lineStream) add(_ *Stream, b *bytes.Buffer, fs []report.Finding) error {
	for i := range fs {
		x.finding(b, &fs[i], &x.path)
	}
	return nil
}

func (x *lineStream) close(_ *Stream, b *bytes.Buffer, r *report.Report) error {
	x.errors(b, r.Errors)
	return nil
}

// ---- sarif ----

// sarifSpill is how many bytes of encoded results a stream keeps in
// memory (a spool.Spool's Max) before it moves them to a temporary file
// (about 2,000 results; a larger run's sarif took 51 MB for 44,722);
// they reach the spool sarifStep bytes at a time from the buffer they are
// encoded into.
var sarifSpill = 1 << 20

const sarifStep = 256 << 10

type sarifStream struct {
	spill bool // results go to held (else all stay in mem)
	init  bool
	root  string
	index map[string]int
	fp    fingerprinter
	n     int
	w     jw
	mem   bytes.Buffer // encoded results, each preceded by ",\n" but the first
	held  spool.Spool  // the results before mem's (spill)
	// the result being written and its memory, reused; the artifact
	// location of the last finding's path, which the next ones share
	res     sarifResult
	scratch sarifScratch
	locPath string
	loc     sarifArtifactLocation
	locSet  bool
	runLoc  sarifArtifactLocation // where a run-level finding goes (Options.RunPath)
	// late are the findings from the first one that names a rule the
	// report does not describe: their ruleIndex is known at the end.
	late []report.Finding
}

// sarifResultsKey is where the results array starts in the document.
const sarifResultsKey = "\n      \"results\": ["

func (x *sarifStream) setup(s *Stream) {
	if x.init {
		return
	}
	x.init = true
	x.root = srcRootSlash(s.opt.SrcRoot)
	if s.opt.RunPath != "" {
		x.runLoc = artifactLocation(s.opt.RunPath, x.root)
	}
	x.index = map[string]int{}
	n := 0
	for i := range s.head.Rules {
		if _, dup := x.index[s.head.Rules[i].ID]; !dup {
			x.index[s.head.Rules[i].ID] = n
			n++
		}
	}
	x.w.b = &x.mem
}

func (x *sarifStream) add(s *Stream, b *bytes.Buffer, fs []report.Finding) error {
	x.setup(s)
	for i := range fs {
		f := &fs[i]
		text, _ := s.lineOf(f)
		fp := x.fp.next(f, text)
		if x.late == nil {
			if idx, ok := x.index[f.RuleID]; ok {
				if err := x.result(f, idx, fp); err != nil {
					return err
				}
				continue
			}
			x.late = []report.Finding{}
		}
		g := *f
		g.Fingerprint = fp // carried to close
		g.SourceText = ""  // read: its line may be another file's once added
		x.late = append(x.late, g)
	}
	return nil
}

// result encodes one result into the kept results.
func (x *sarifStream) result(f *report.Finding, idx int, fp string) error {
	if x.n > 0 {
		x.mem.WriteByte(',')
	}
	x.n++
	x.mem.WriteString("\n        ")
	if !x.locSet || f.Path != x.locPath {
		x.locPath, x.loc, x.locSet = f.Path, artifactLocation(f.Path, x.root), true
	}
	sarifResultInto(&x.res, &x.scratch, f, idx, fp, x.loc, x.runLoc)
	x.w.sarifResult(&x.res, 4)
	if x.spill && x.mem.Len() > sarifStep {
		x.held.Add(x.mem.Bytes())
		x.mem.Reset()
	}
	return nil
}

func (x *sarifStream) close(s *Stream, b *bytes.Buffer, r *report.Report) error {
	x.setup(s)
	defer x.drop()
	// Rules named by findings the report does not describe, sorted by ID.
	var missing []string
	names := map[string]string{}
	for i := range x.late {
		f := &x.late[i]
		if _, ok := x.index[f.RuleID]; ok {
			continue
		}
		if _, ok := names[f.RuleID]; !ok {
			missing = append(missing, f.RuleID)
		}
		names[f.RuleID] = f.RuleName
	}
	sort.Strings(missing)
	n := len(x.index)
	for _, id := range missing {
		x.index[id] = n
		n++
	}
	for i := range x.late {
		f := &x.late[i]
		if err := x.result(f, x.index[f.RuleID], f.Fingerprint); err != nil {
			return err
		}
	}
	var d bytes.Buffer
	if err := encodeJSON(&d, sarifDocument(r, s.opt, missing, names, []sarifResult{})); err != nil {
		return err
	}
	i := bytes.Index(d.Bytes(), []byte(sarifResultsKey))
	if i < 0 {
		return fmt.Errorf("no results array")
	}
	b.Write(d.Bytes()[:i+len(sarifResultsKey)])
	// what the spool holds comes first
	if err := s.flushTo(b); err != nil {
		return err
	}
	if err := x.held.WriteOut(s.w); err != nil {
		return err
	}
	b.Write(x.mem.Bytes())
	x.mem = bytes.Buffer{}
	if x.n > 0 {
		b.WriteString("\n      ")
	}
	b.Write(d.Bytes()[i+len(sarifResultsKey):])
	return nil
}

// drop forgets the results held and removes their temporary file.
func (x *sarifStream) drop() { x.held.Drop() }

// flushTo writes b to the stream's writer now (b is the stream's chunk).
func (s *Stream) flushTo(b *bytes.Buffer) error {
	if s.w == nil {
		return nil
	}
	if _, err := s.w.Write(b.Bytes()); err != nil {
		return err
	}
	b.Reset()
	return nil
}

// ---- fingerprints ----

// fingerprinter gives the fingerprints of findings in report order (sarif
// and gitlab): a stable identity for each finding. It hashes the rule ID,
// the path, the text of the finding's first line trimmed of surrounding
// whitespace, and an occurrence counter that tells apart findings of one
// rule on identical lines of one file (counted in report order). It does
// not use the line number, so a finding keeps its fingerprint when lines
// are inserted above it. When the line's text is unknown it is taken as
// empty, and the counter alone tells the file's findings of that rule
// apart. Its occurrence counters are keyed by a 128-bit hash of the rule,
// path and trimmed line, so that it keeps 24 bytes per distinct line
// rather than the line.
type fingerprinter struct {
	seen map[[2]uint64]int
	sb   []byte
	// line is the text of the last long line fingerprinted (by
	// content), and byRule what each rule's findings on it hash to
	// before their occurrence: the findings of one line come in a row,
	// so that thousands on one long line hash it once per rule, not once
	// each.
	line   string
	path   string
	byRule map[string]*lineHash
}

// lineHash is the key of a (rule, path, line) in seen and the state of
// the SHA-256 of the fingerprint once it hashed the line.
type lineHash struct {
	k     [2]uint64
	state []byte
}

var fpSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// fpLong is the length from which a line's hashes are kept for the next
// findings on it. (A source line lent from a reused buffer, whose bytes
// may later hold other text, is shorter: analysis.lendMax.)
const fpLong = 1 << 10

func (p *fingerprinter) next(f *report.Finding, text string) string {
	if p.seen == nil {
		p.seen = map[[2]uint64]int{}
	}
	if len(text) >= fpLong {
		return p.nextLong(f, text)
	}
	return p.short(f, text)
}

// short is next hashing every byte.
func (p *fingerprinter) short(f *report.Finding, text string) string {
	b, k := p.keyed(f, text)
	n := p.seen[k]
	p.seen[k] = n + 1
	return p.sum(b, n)
}

// fpPrefix starts the bytes a fingerprint hashes.
const fpPrefix = "sqllint/v1\x00"

// keyed writes into p.sb the bytes a fingerprint hashes before its
// occurrence number (the prefix, rule, path and trimmed line) and returns
// them with the two hashes of the key that counts occurrences.
func (p *fingerprinter) keyed(f *report.Finding, text string) ([]byte, [2]uint64) {
	b := append(p.sb[:0], fpPrefix...)
	b = append(b, f.RuleID...)
	b = append(b, 0)
	b = append(b, f.Path...)
	b = append(b, 0)
	b = append(b, strings.TrimSpace(text)...)
	p.sb = b
	key := b[len(fpPrefix):]
	return b, [2]uint64{maphash.Bytes(fpSeeds[0], key), maphash.Bytes(fpSeeds[1], key)}
}

// sum is the fingerprint of the bytes keyed wrote and occurrence n.
func (p *fingerprinter) sum(b []byte, n int) string {
	b = append(b, 0)
	b = strconv.AppendInt(b, int64(n), 10)
	p.sb = b
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// nextLong is next for a long line: the same bytes hashed, the line once
// per rule.
func (p *fingerprinter) nextLong(f *report.Finding, text string) string {
	if p.line != text || p.path != f.Path {
		p.line, p.path = text, f.Path
		clear(p.byRule)
	}
	if p.byRule == nil {
		p.byRule = map[string]*lineHash{}
	}
	lh := p.byRule[f.RuleID]
	if lh == nil {
		b, k := p.keyed(f, text)
		h := sha256.New()
		h.Write(b)
		m, ok := h.(encoding.BinaryMarshaler)
		if !ok {
			return p.short(f, text)
		}
		state, err := m.MarshalBinary()
		if err != nil {
			return p.short(f, text)
		}
		lh = &lineHash{k: k, state: state}
		p.byRule[f.RuleID] = lh
	}
	n := p.seen[lh.k]
	p.seen[lh.k] = n + 1
	h := sha256.New()
	if u, ok := h.(encoding.BinaryUnmarshaler); !ok || u.UnmarshalBinary(lh.state) != nil {
		// (never: sha256's state reads back) the bytes hashed plainly
		b, _ := p.keyed(f, text)
		return p.sum(b, n)
	}
	var num [24]byte
	h.Write(strconv.AppendInt(append(num[:0], 0), int64(n), 10))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}

package rules

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"github.com/sqllint/sqllint/internal/memlimit"
	"github.com/sqllint/sqllint/parser"
)

// Config is what a run needs to know beyond the scripts: which rules run,
// at what severity, with which options, and the live facts if any.
type Config struct {
	// Disabled rules by ID.
	Disabled map[string]bool
	// Severity overrides by rule ID.
	Severity map[string]parser.Severity
	// Options overrides: rule ID → option name → value.
	Options map[string]map[string]float64
	// TargetVersion is the SQL Server major version the scripts deploy to
	// (16 = SQL Server 2022), 0 when unknown.
	TargetVersion int
	// DefaultDatabase is the database scripts start in (sqlcmd -d).
	DefaultDatabase string
	// Facts are the live server's, nil in static mode.
	Facts *ServerFacts
	// Reported, when set, tells whether the findings in a file are
	// reported: false for a context file, read for the model but not
	// checked. The live rules' findings are about the server, not about
	// a statement: they go to the first statement of a reported file,
	// where a finding in a context file would be lost.
	Reported func(*parser.File) bool
}

// reported tells whether a finding at the statement is reported.
func (c *Config) reported(st *parser.Statement) bool {
	if c == nil || c.Reported == nil {
		return true
	}
	f := st.Span().Start.File
	return f == nil || c.Reported(f)
}

// Enabled reports whether rule r runs under c.
func (c *Config) Enabled(r *Rule) bool {
	if c == nil {
		return !r.Live
	}
	if r.Live && c.Facts == nil {
		return false
	}
	return !c.Disabled[r.ID]
}

func (c *Config) severity(r *Rule) parser.Severity {
	if c != nil {
		if s, ok := c.Severity[r.ID]; ok {
			return s
		}
	}
	return r.Severity
}

// Option returns rule r's option name under c.
func (c *Config) Option(r *Rule, name string) float64 {
	if c != nil {
		if v, ok := c.Options[r.ID][name]; ok {
			return v
		}
	}
	for _, o := range r.Options {
		if o.Name == name {
			return o.Default
		}
	}
	panic("rules: " + r.ID + " has no option " + name)
}

// Pass is one rule's view of a run.
type Pass struct {
	Rule   *Rule
	Model  *Model
	Config *Config
	out    *findingList
}

// Opt returns the value of one of the rule's options.
func (p *Pass) Opt(name string) float64 { return p.Config.Option(p.Rule, name) }

// Severity is the rule's severity in this run.
func (p *Pass) Severity() parser.Severity { return p.Config.severity(p.Rule) }

// Facts are the live server's facts, nil in static mode.
func (p *Pass) Facts() *ServerFacts {
	if p.Config == nil {
		return nil
	}
	return p.Config.Facts
}

// Report records a finding at the rule's severity.
func (p *Pass) Report(at parser.Span, fix *Fix, format string, args ...any) *Finding {
	var msg string
	if s, ok := onlyString(format, args); ok {
		msg = p.Model.message(s, true) // a message the rule formatted already
	} else {
		msg = p.Model.message(fmt.Sprintf(format, args...), false)
	}
	return p.out.add(Finding{Rule: p.Rule, Severity: p.Severity(), Span: at, Message: msg, Fix: fix})
}

// report is Report(at, fix, "%s", msg) for a message the rule built
// (a constant, or a new string: not a slice of a script's text), kept as
// it is rather than boxed for formatting and copied.
func (p *Pass) report(at parser.Span, fix *Fix, msg string) *Finding {
	return p.out.add(Finding{Rule: p.Rule, Severity: p.Severity(), Span: at, Message: p.Model.message(msg, false), Fix: fix})
}

// findingList holds the findings the rules report, in order: a slice
// grown finding by finding up to findingChunk, then in chunks of that
// size. A huge script's findings (100,000 of 88 bytes at 3% statements
// of interest in 500 MB) are so never copied while they grow: a slice
// growing by a quarter leaves about four times its size as garbage,
// and its rules end at the script's peak of memory.
type findingList struct {
	full [][]Finding // chunks filled, in order
	cur  []Finding   // the findings after them
}

// findingChunk is how many findings a chunk of a findingList holds.
const findingChunk = 1 << 12

// add appends f and returns where it is kept (until the list is taken).
func (l *findingList) add(f Finding) *Finding {
	if len(l.cur) == cap(l.cur) && cap(l.cur) >= findingChunk {
		l.full = append(l.full, l.cur)
		l.cur = make([]Finding, 0, findingChunk)
	}
	l.cur = append(l.cur, f)
	return &l.cur[len(l.cur)-1]
}

// len is how many findings l holds.
func (l *findingList) len() int {
	n := len(l.cur)
	for _, c := range l.full {
		n += len(c)
	}
	return n
}

// all returns the findings of l, the list's own slice when it is one
// chunk (l is then not to be added to), else a copy.
func (l *findingList) all() []Finding {
	if len(l.full) == 0 {
		return l.cur
	}
	out := make([]Finding, 0, l.len())
	for _, c := range l.full {
		out = append(out, c...)
	}
	return append(out, l.cur...)
}

// take returns a copy of the findings of l, which is then empty and
// keeps at most one chunk's room for the next script.
func (l *findingList) take() []Finding { return l.takeInto(nil) }

// takeInto is take, copying the findings into room (empty) when they
// fit.
func (l *findingList) takeInto(room []Finding) []Finding {
	var out []Finding
	if len(l.full) == 0 && len(l.cur) > 0 && len(l.cur) <= cap(room) {
		out = append(room[:0], l.cur...)
	} else if len(l.full) == 0 {
		out = slices.Clone(l.cur)
	} else {
		out = l.all()
		l.full = nil
	}
	clear(l.cur) // the room kept holds no message or file until reused
	l.cur = l.cur[:0]
	return out
}

// onlyString is fmt.Sprintf(format, args...) when that is args[0]
// unchanged: Report("%s", msg).
func onlyString(format string, args []any) (string, bool) {
	if format != "%s" || len(args) != 1 {
		return "", false
	}
	s, ok := args[0].(string)
	return s, ok
}

func lower(s parser.Severity) parser.Severity {
	if s > parser.SevInfo {
		return s - 1
	}
	return s
}

func raise(s parser.Severity) parser.Severity {
	if s < parser.SevError {
		return s + 1
	}
	return s
}

// Analyze runs every enabled rule over scripts (given in run order) and
// returns the findings, suppressions applied, sorted and de-duplicated.
// It keeps every script to the end; live runs use it because the live
// rules look at the whole run. Static runs use an Engine, file by file.
func Analyze(reg *Registry, scripts []*parser.Result, cfg *Config) []Finding {
	if cfg == nil {
		cfg = &Config{}
	}
	m := BuildModel(scripts, cfg.DefaultDatabase, cfg.Facts)
	out := runRules(reg, cfg, m, scripts, false)
	out = suppress(reg, scripts, cfg, out)
	return sortFindings(scripts, out)
}

// runRules runs the enabled rules over m; with fileOnly the live rules,
// which look at the whole run, are left out.
func runRules(reg *Registry, cfg *Config, m *Model, scripts []*parser.Result, fileOnly bool) []Finding {
	if !fileOnly || len(scripts) != 1 {
		var l findingList
		runInto(reg, cfg, m, scripts, fileOnly, &l)
		return l.all()
	}
	l := findingLists.Get().(*findingList)
	runInto(reg, cfg, m, scripts, true, l)
	out := l.take()
	findingLists.Put(l)
	return out
}

// runInto runs the rules on scripts and adds their findings to l.
func runInto(reg *Registry, cfg *Config, m *Model, scripts []*parser.Result, fileOnly bool, l *findingList) {
	runEach(enabledRules(reg, cfg, fileOnly), &Pass{Config: cfg}, m, scripts, l)
}

// ruleRun is an enabled rule, and whether it reports the parser's
// diagnostics of its ID (SL001, SL002).
type ruleRun struct {
	rule  *Rule
	diags bool
}

// enabledRules are the rules of reg that run under cfg, in order; with
// fileOnly the live rules, which look at the whole run, are left out.
func enabledRules(reg *Registry, cfg *Config, fileOnly bool) []ruleRun {
	var rs []ruleRun
	for _, r := range reg.All() {
		if !cfg.Enabled(r) || fileOnly && r.Live {
			continue
		}
		rs = append(rs, ruleRun{rule: r, diags: r.ID == "SL001" || r.ID == "SL002"})
	}
	return rs
}

// runEach runs rules on scripts and adds their findings to l, with p
// (its Config set) as every rule's Pass: made for each, they were most of
// a typical file's allocations (a rule keeps none past its Run).
func runEach(rules []ruleRun, p *Pass, m *Model, scripts []*parser.Result, l *findingList) {
	p.Model, p.out = m, l
	m.index.made, m.index.ready = false, false // the effects are the file's: indexed when first asked for
	defer m.index.reset()
	for _, rr := range rules {
		r := rr.rule
		p.Rule = r
		if rr.diags {
			for _, s := range scripts {
				for _, d := range s.Diags {
					if d.Rule == r.ID {
						p.Report(d.Span, nil, "%s", shortWords(d.Message))
					}
				}
			}
		}
		if r.Run != nil {
			r.Run(p)
		}
	}
	p.Model, p.out, p.Rule = nil, nil, nil
	if len(m.dyns) > 0 {
		dynFindings(l, m.dyns)
		clear(m.dyns) // their files may go
		m.dyns = m.dyns[:0]
	}
}

// findingLists are the lists the rules of one file report to, reused
// from file to file: the findings of a file are returned in a copy of
// their size, taken once its rules are done.
var findingLists = sync.Pool{New: func() any { return new(findingList) }}

// Engine runs the rules of a static run file by file: the model of the
// databases lives for the whole run, but Model.Effects and Model.Scripts
// only ever hold the file being checked, so memory follows the number of
// databases and files, not the size of the run. A rule sees the state of
// the databases as of the end of the current file (the order of the run).
// Live rules, which look at the whole run, do not run here: use Analyze.
type Engine struct {
	reg *Registry
	cfg *Config
	m   *Model
	// rules are the rules that run, read from cfg once (NewEngine), and
	// pass the Pass each of them is given, file after file
	rules []ruleRun
	pass  Pass
	// list is the list the rules of the file being checked report to
	list findingList
	// one is the list of scripts of the file being checked (Check)
	one [1]*parser.Result
	// spares are the rooms of findings a caller gave back (Recycle) for
	// Check to take the next files' into, at most maxSpares; Recycle runs
	// beside Check, which may be several files ahead of it
	spareMu sync.Mutex
	spares  [][]Finding
}

// maxSpares is the most rooms of findings an Engine keeps: Check runs up
// to a few files ahead of the caller that gives them back (one room, and
// at 100% statements of interest Check found it taken by the file before
// and copied the findings into a new one for most files).
const maxSpares = 8

// recycleMax is the most findings whose room Recycle keeps: a typical
// dense file's, not a huge script's.
const recycleMax = findingChunk

// Recycle gives back the findings Check returned (as Settle returned
// them) once nothing reads them any more: the next file's findings may
// be taken into their room rather than into a new one. At 100% statements
// of interest every file has hundreds of findings. It may run beside
// Check.
func (e *Engine) Recycle(fs []Finding) {
	if cap(fs) == 0 || cap(fs) > recycleMax {
		return
	}
	fs = fs[:cap(fs)]
	clear(fs) // holds no message or file until reused
	e.spareMu.Lock()
	e.spares = append(e.spares, fs[:0])
	// the largest rooms, at most maxSpares holding recycleMax findings
	// in all
	for total := spareRoom(e.spares); len(e.spares) > maxSpares || total > recycleMax; {
		k := smallestSpare(e.spares)
		total -= cap(e.spares[k])
		last := len(e.spares) - 1
		e.spares[k], e.spares[last] = e.spares[last], nil
		e.spares = e.spares[:last]
	}
	e.spareMu.Unlock()
}

// spareRoom is the number of findings the rooms have room for.
func spareRoom(spares [][]Finding) int {
	n := 0
	for _, sp := range spares {
		n += cap(sp)
	}
	return n
}

// smallestSpare is the index of the room of least capacity.
func smallestSpare(spares [][]Finding) int {
	k := 0
	for i, sp := range spares {
		if cap(sp) < cap(spares[k]) {
			k = i
		}
	}
	return k
}

// takeSpare returns the largest room Recycle gave back (empty), nil when
// none.
func (e *Engine) takeSpare() []Finding {
	e.spareMu.Lock()
	defer e.spareMu.Unlock()
	if len(e.spares) == 0 {
		return nil
	}
	k := 0
	for i, sp := range e.spares {
		if cap(sp) > cap(e.spares[k]) {
			k = i
		}
	}
	sp := e.spares[k]
	last := len(e.spares) - 1
	e.spares[k], e.spares[last] = e.spares[last], nil
	e.spares = e.spares[:last]
	return sp
}

// NewEngine starts a file-by-file run. Which rules run is read from cfg
// here, once.
func NewEngine(reg *Registry, cfg *Config) *Engine {
	if cfg == nil {
		cfg = &Config{}
	}
	return &Engine{reg: reg, cfg: cfg, m: &Model{Databases: map[string]*Database{}, facts: cfg.Facts, slimming: true},
		rules: enabledRules(reg, cfg, true), pass: Pass{Config: cfg}}
}

// File replays one script (in run order) on the model and returns the
// findings of the rules in it and in the files it includes, suppressions
// applied, sorted and de-duplicated.
func (e *Engine) File(r *parser.Result) []Finding {
	return e.Settle(r, e.Check(r))
}

// Check replays one script (in run order) on the model and returns the
// findings of the rules in it and in the files it includes, before
// Settle: suppressions, order and duplicates need no model, so a caller
// may settle a file on another goroutine while the next one is checked.
func (e *Engine) Check(r *parser.Result) []Finding {
	m := e.m
	e.one[0] = r
	defer func() { e.one[0] = nil }()
	scripts := e.one[:]
	clear(m.Effects) // drop the previous file's statements
	m.Scripts, m.Effects = scripts, m.Effects[:0]
	if len(r.Statements) >= 4*collectAfter {
		// The garbage of a huge script's parse is not part of the heap
		// when its effects (56 bytes a statement) are made: its replay
		// starts from the live heap, at the peak of the run (not worth
		// a collection for fewer statements: the heap is far from it).
		collect()
	}
	if cap(m.Effects) < len(r.Statements) {
		m.Effects = make([]Effect, 0, len(r.Statements))
	}
	m.replay(0, r, e.cfg.DefaultDatabase)
	if len(r.Statements) >= collectAfter {
		// The heap of a huge script peaks as its rules end: its
		// statements, effects and findings all live. Collected now, the
		// garbage of its parse and replay is not part of that peak.
		collect()
	}
	l := &e.list
	runEach(e.rules, &e.pass, m, scripts, l)
	// What the statements parsed to is not read again: settling and
	// resolving the findings read only spans and the file's text. The
	// parsed statements of a huge script (20 MB for 477 MB) need not live
	// while its findings are resolved and printed.
	for _, st := range r.Statements {
		st.Node, st.Dynamic = nil, nil
	}
	// nor is any node: their room is the next scripts' (the model keeps
	// no node, only copies of what it reads)
	r.Nodes.Release()
	r.Nodes = nil
	if len(r.Statements) >= collectAfter {
		// nor is their text, a copy of the script's (a statement's span
		// reads its batch's segments only): 15 to 20 MB for 477 MB at 5%
		// of interest, whose findings, resolved and printed, then have
		// that much more room before the next collection
		for _, st := range r.Statements {
			if st.Batch != nil {
				st.Batch.Text = ""
			}
		}
	}
	clear(m.Effects)
	m.resetMores() // no effect points to them now
	m.Scripts, m.Effects = nil, m.Effects[:0]
	if cap(m.Effects) > keepEffects {
		// a huge script's effects (120 bytes a statement) would stay
		// live while its findings are resolved and printed
		m.Effects = nil
	}
	if len(r.Statements) >= collectAfter {
		// its effects and parsed statements are garbage now
		collect()
	}
	// taken (copied) only now: the copy of a huge script's findings is
	// not part of the peak its rules end at
	var room []Finding
	if l.len() > 0 { // a room given back is taken only to be used
		room = e.takeSpare()
	}
	return l.takeInto(room)
}

// collect and gcCycles are memlimit.Collect and memlimit.Cycles (a test
// counts the collections).
var collect, gcCycles = memlimit.Collect, memlimit.Cycles

// collectAfter is how many kept statements make a script so large that a
// collection after its replay and one after its rules are worth it (about
// 2% of a 150 MB script's statements; each collection then costs a
// percent or two of it).
const collectAfter = 1 << 15

// keepEffects is the most effects whose room Check keeps for the next
// file: a typical file's, not a huge script's.
const keepEffects = 1 << 12

// Settle applies the suppressions of script r to the findings Check gave
// for it, then sorts them and drops duplicates. It reads only r and the
// engine's registry and config, so it may run beside Check.
func (e *Engine) Settle(r *parser.Result, fs []Finding) []Finding {
	scripts := []*parser.Result{r}
	fs = suppress(e.reg, scripts, e.cfg, fs)
	return sortFindings(scripts, fs)
}

// sortFindings orders findings by file in run order (natural path order,
// an included file where it is first included), then position and rule,
// and drops duplicates.
func sortFindings(scripts []*parser.Result, fs []Finding) []Finding {
	if len(fs) < 2 {
		return fs // most files of a typical run have no finding, or one
	}
	// order is made when two findings in different files are compared
	var order map[*parser.File]int
	compare := func(a, b *Finding) int {
		pa, pb := a.Span.Start, b.Span.Start
		if pa.File != pb.File {
			if pa.File == nil || pb.File == nil {
				if pa.File == nil {
					return -1
				}
				return 1
			}
			if order == nil {
				order = fileOrder(scripts)
			}
			oa, oka := order[pa.File]
			ob, okb := order[pb.File]
			if oka && okb && oa != ob {
				return cmp.Compare(oa, ob)
			}
			return strings.Compare(pa.File.Path, pb.File.Path)
		}
		if pa.Offset != pb.Offset {
			return cmp.Compare(pa.Offset, pb.Offset)
		}
		if a.Rule.ID != b.Rule.ID {
			return strings.Compare(a.Rule.ID, b.Rule.ID)
		}
		return strings.Compare(a.Message, b.Message)
	}
	// A stable sort: the order of positions among equal findings, which
	// then ties on their index. Sorting indices and gathering once moves
	// each finding once, where a stable sort of the findings themselves
	// rotates them (88 bytes with pointers each) many times. The findings
	// come rule by rule, each rule's in the order of the statements: a
	// file's hundreds of findings are a few ascending runs, merged (a
	// merge takes the earlier run's finding on a tie, so the order is
	// that of a stable sort) in about a third of the comparisons a sort
	// made.
	runs := []int{0}
	for i := 1; i < len(fs); i++ {
		if compare(&fs[i-1], &fs[i]) > 0 {
			runs = append(runs, i)
		}
	}
	if len(runs) > 1 {
		idx := mergeRuns(len(fs), append(runs, len(fs)), func(i, j int32) bool { return compare(&fs[i], &fs[j]) <= 0 })
		// fs[k] = old fs[idx[k]], one cycle of the permutation at a time
		for start := range idx {
			if idx[start] < 0 {
				continue
			}
			tmp := fs[start]
			for k := start; ; {
				src := int(idx[k])
				idx[k] = -1
				if src == start {
					fs[k] = tmp
					break
				}
				fs[k] = fs[src]
				k = src
			}
		}
	}
	// de-duplicate (an included file read twice reports once)
	w := 0
	for i, f := range fs {
		if i > 0 {
			p := fs[w-1]
			if p.Rule == f.Rule && p.Span.Start == f.Span.Start && p.Message == f.Message {
				continue
			}
		}
		fs[w] = f
		w++
	}
	return fs[:w]
}

// fileOrder numbers the files of scripts in run order, an included file
// where it is first included.
func fileOrder(scripts []*parser.Result) map[*parser.File]int {
	order := map[*parser.File]int{}
	for _, s := range scripts {
		for _, f := range s.Script.Files {
			if _, ok := order[f]; !ok {
				order[f] = len(order)
			}
		}
	}
	return order
}

// mergeRuns returns the indices 0..n-1 ordered by merging the ascending
// runs that start at runs[k] (the last element of runs is n) two by two,
// a stable merge: first(i, j) reports whether index i, of an earlier run
// than j, comes first.
func mergeRuns(n int, runs []int, first func(i, j int32) bool) []int32 {
	idx := make([]int32, 2*n)
	cur, next := idx[:n], idx[n:]
	for i := range cur {
		cur[i] = int32(i)
	}
	for len(runs) > 2 {
		merged := runs[:1]
		for k := 0; k+1 < len(runs); k += 2 {
			lo, mid := runs[k], runs[k+1]
			if k+2 >= len(runs) {
				copy(next[lo:mid], cur[lo:mid]) // the last run, alone
				merged = append(merged, mid)
				break
			}
			hi := runs[k+2]
			a, b, w := lo, mid, lo
			for a < mid && b < hi {
				if first(cur[a], cur[b]) {
					next[w] = cur[a]
					a++
				} else {
					next[w] = cur[b]
					b++
				}
				w++
			}
			w += copy(next[w:], cur[a:mid])
			copy(next[w:], cur[b:hi])
			merged = append(merged, hi)
		}
		runs = merged
		cur, next = next, cur
	}
	return cur
}

// directive is a parsed sqllint: comment.
type directive struct {
	d     parser.Directive
	file  bool     // ignore-file
	rules []string // IDs
	// scope for ignore: [start, end) offsets in the file, or a line
	start, end int
	line       int
	used       []bool // per ID: it silenced a finding
}

var ruleRef = regexp.MustCompile(`^(?i:SL[0-9]+)$`)

// parseDirective reads "ignore SL302,SL303 reason" and "ignore-file ...".
// It returns the problem for SL004, or "".
func parseDirective(reg *Registry, text string) (file bool, ids []string, problem string) {
	text = strings.TrimSpace(text)
	verb := text
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		verb = text[:i] // a tab ends it as a space does, as between the IDs and the reason
	}
	rest := text[len(verb):]
	switch strings.ToLower(verb) {
	case "ignore":
	case "ignore-file":
		file = true
	default:
		return false, nil, fmt.Sprintf("unknown sqllint directive %q: use sqllint:ignore or sqllint:ignore-file", verb)
	}
	usage := "write sqllint:" + strings.ToLower(verb) + " SLnnn reason"
	rest = strings.TrimSpace(rest)
	list := rest // the IDs as written, for the colon's message
	for {
		word := firstWord(rest)
		r := lookupRef(reg, word)
		switch {
		case r != nil:
			ids = append(ids, r.ID)
		case ruleRef.MatchString(word):
			return file, nil, fmt.Sprintf("suppression names unknown rule %s", word)
		case strings.HasSuffix(word, ":") && lookupRef(reg, word[:len(word)-1]) != nil:
			// "SL302: reason" names SL302: only the colon is wrong
			written := list[:len(list)-len(rest)+len(word)-1]
			return file, nil, fmt.Sprintf("suppression has a colon after %s: write sqllint:%s %s reason, with a space", word[:len(word)-1], strings.ToLower(verb), written)
		case len(ids) > 0:
			// "SL302, reason": the comma asks for another rule
			return file, nil, fmt.Sprintf("suppression lists no rule after the comma that follows %s: remove the comma before the reason", ids[len(ids)-1])
		default:
			if p := misspeltName(reg, word); p != "" {
				return file, nil, p
			}
			return file, nil, "suppression names no rule: " + usage
		}
		rest = strings.TrimSpace(rest[len(word):])
		if !strings.HasPrefix(rest, ",") {
			if ruleRef.MatchString(firstWord(rest)) {
				continue // "SL302 SL303 reason": IDs separated by a blank, as other linters take them
			}
			break
		}
		rest = strings.TrimSpace(rest[1:])
	}
	if rest == "" {
		return file, nil, "suppression of " + strings.Join(ids, ", ") + " gives no reason: " + usage
	}
	return file, ids, ""
}

// lookupRef is the rule a suppression's word names: an ID in any case
// or a rule's name.
func lookupRef(reg *Registry, word string) *Rule {
	if r := reg.Lookup(strings.ToUpper(word)); r != nil {
		return r
	}
	return reg.Lookup(strings.ToLower(word))
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t,"); i >= 0 {
		return s[:i]
	}
	return s
}

func suppress(reg *Registry, scripts []*parser.Result, cfg *Config, fs []Finding) []Finding {
	if !anyDirective(scripts) {
		return fs // most files
	}
	sl003, sl004 := reg.Lookup("SL003"), reg.Lookup("SL004")
	var dirs []*directive
	var seen map[parser.Pos]bool // made for the first directive: most files have none
	for _, s := range scripts {
		var starts *stmtStarts
		for _, d := range s.Directives {
			if seen[d.Span.Start] {
				continue // a file included twice
			}
			if seen == nil {
				seen = map[parser.Pos]bool{}
			}
			seen[d.Span.Start] = true
			file, ids, problem := parseDirective(reg, d.Text)
			if problem != "" {
				if cfg.Enabled(sl004) {
					fs = append(fs, Finding{Rule: sl004, Severity: cfg.severity(sl004), Span: d.Span, Message: problem})
				}
				continue
			}
			dir := &directive{d: d, file: file, rules: ids, used: make([]bool, len(ids))}
			if !file {
				if starts == nil {
					starts = newStmtStarts(s.Statements)
				}
				if d.Trailing {
					// its own line, and the statement it trails, which
					// may start on an earlier line
					dir.line = d.Span.Start.Position().Line
					dir.start, dir.end = starts.trailed(d.Span.Start.File, d.Span.Start.Offset)
				} else {
					dir.start, dir.end = starts.after(d.Span.Start.File, d.Span.End.Offset)
					if dir.start >= 0 {
						dir.end = max(starts.bodyEnd(d.Span.Start.File, dir.start, dir.end), d.Scope)
					}
					if end := starts.inside(d.Span.Start.File, d.Span.Start.Offset); end >= 0 {
						// on a line of its own inside a statement (before
						// its LOG ON, SET or MODIFY FILE clause): the rest
						// of that statement too, where its clauses report
						dir.start, dir.end = d.Span.End.Offset, max(dir.end, end)
					}
				}
			}
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		return fs
	}
	ix := newDirIndex(dirs)
	kept := fs[:0]
	for _, f := range fs {
		if f.Rule == sl003 || f.Rule == sl004 || !ix.suppressed(f) {
			kept = append(kept, f)
		}
	}
	fs = kept
	for _, d := range dirs {
		if !cfg.Enabled(sl003) {
			continue
		}
		// Each named rule that ran and was silenced nowhere is stale (one
		// that did not run cannot be told stale).
		var stale []string
		for i, id := range d.rules {
			if !d.used[i] && cfg.Enabled(reg.Lookup(id)) && !contains(stale, id) {
				stale = append(stale, id)
			}
		}
		switch {
		case len(stale) == 0:
		case !anyUsed(d.used) && len(stale) == len(dedup(d.rules)):
			fs = append(fs, Finding{Rule: sl003, Severity: cfg.severity(sl003), Span: d.d.Span,
				Message: fmt.Sprintf("suppression of %s matched no finding: remove it", strings.Join(d.rules, ", "))})
		default:
			list := strings.Join(stale, ", ")
			fs = append(fs, Finding{Rule: sl003, Severity: cfg.severity(sl003), Span: d.d.Span,
				Message: fmt.Sprintf("suppression of %s matched no finding: remove %s from it", list, list)})
		}
	}
	return fs
}

// anyDirective reports whether a script of scripts has a sqllint:
// comment.
func anyDirective(scripts []*parser.Result) bool {
	for _, s := range scripts {
		if len(s.Directives) > 0 {
			return true
		}
	}
	return false
}

func anyUsed(used []bool) bool {
	for _, u := range used {
		if u {
			return true
		}
	}
	return false
}

func dedup(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Compact drops from r the statements no rule reads, so that a worker
// hands the model and the rules only what matters: statements of interest
// (parsed or not), statements in a WHILE loop that may build dynamic SQL
// (SL103), the statement each suppression directive applies to, and of
// every run of other statements the first one SL303 cannot look through
// (none when it can look through them all) when a rule can see it: after
// a CHECKPOINT (SL303), or ending a WHILE loop of its batch (SL103 takes
// the statements of one loop together). Findings are the same with or
// without it; a rule that starts reading other statements must be
// reflected here (the analysis package's differential test catches it).
func Compact(r *parser.Result) {
	var c Compactor
	r.Statements = c.Add(r.Statements, r.Directives)
	r.Statements = c.Flush(r.Statements)
	c.Rescope(r.Directives)
}

// Compactor is Compact for a script parsed a run of batches at a time:
// Add the statements and directives of each run in order, then Flush.
type Compactor struct {
	pending map[*parser.File][]int // end offsets of directives not yet bound
	// blocker is the first statement of the run SL303 stops at: held, a
	// copy in the Compactor's own room (most runs' blockers are not kept)
	blocker *parser.Statement
	held    parser.Statement
	// the last batch a kept statement was in, and its copy: kept
	// statements of one batch share one copy
	batch, owned *parser.Batch
	// what the last kept statement leaves for a blocker to matter
	afterCheckpoint bool          // SL303 walks on from a CHECKPOINT
	loopBatch       *parser.Batch // SL103: the last was in a loop of this batch
	// the room own's copies of statements and batches are taken from
	// (see ownCopy)
	stmts   []parser.Statement
	batches []parser.Batch
	segs    []parser.Segment
	// addFile is AddTo's room for the batches of a run whose strings
	// hold ADD FILE text, reused from run to run (emptied)
	addFile map[*parser.Batch]bool
	// dynamics are the Dynamic facts of the kept statements, by hash
	// (sameDynamic)
	dynamics map[uint64]*parser.Dynamic
	// recent are the facts sameDynamic returned last, the latest first
	// (those not found among them)
	recent   [recentDynamics]*parser.Dynamic
	recentAt int // where in recent the last facts returned are
	// room tracks the chunks of c.stmts, for TakeRoom
	room *parser.KeptRoom
	// the file of the last kept statement's batch and how many kept
	// statements in a row were in it (see indexAfterKept)
	keptFile *parser.File
	keptIn   int
	// catches are the CATCH blocks open where the statements added are,
	// innermost last, that SL303 walks past from a CHECKPOINT (see
	// enterCatch)
	catches []catchBlock
	// open are the directives whose reach the next run may extend, and
	// scopes what a later run found of them (scopeDirectives, Rescope)
	open   []openScope
	scopes map[scopeKey]int
}

// catchBlock is a CATCH block of a script's batch b: the statements
// that start before end are in it.
type catchBlock struct {
	b   *parser.Batch
	end int32
}

// indexAfterKept is how many statements of one file the Compactor keeps
// before it has the file's line index built (parser.File.IndexAhead): a
// file with that many will be asked for the positions of its backups and
// findings, and the index is then built here, on a worker, rather than
// on the goroutine that replays every file on the model in turn.
const indexAfterKept = 16

// TakeRoom returns the room of the statements kept since the last
// TakeRoom (see parser.KeptRoom), nil when there is none: a caller that
// knows when nothing reads them any more releases it then.
func (c *Compactor) TakeRoom() *parser.KeptRoom {
	r := c.room
	r.Used(c.stmts)            // the rest of its last chunk is clear
	c.room, c.stmts = nil, nil // the next statements kept are not in it
	return r
}

// note records what the kept statement st leaves for the next blocker.
func (c *Compactor) note(st *parser.Statement) {
	c.afterCheckpoint = st.Kind == parser.KindCheckpoint || c.afterCheckpoint && st.Kind == parser.KindOther && passesOver(st)
	if dynOf(st) != nil {
		return // SL103 reads the loops of script text only (withoutDynamic)
	}
	c.loopBatch = nil
	if st.InLoop {
		c.loopBatch = st.Batch
	}
}

// needBlocker reports whether a rule can see c.blocker: SL303 walks on
// to it from a CHECKPOINT, or it ends a loop of its batch (SL103).
func (c *Compactor) needBlocker() bool {
	return c.afterCheckpoint || !c.blocker.InLoop && c.loopBatch != nil && c.loopBatch == c.blocker.Batch
}

// Add compacts stmts (the directives are those parsed with them) and
// returns what is kept, in a new slice: copies, so that stmts may be
// reused once Add returns.
func (c *Compactor) Add(stmts []*parser.Statement, dirs []parser.Directive) []*parser.Statement {
	return c.AddTo(nil, stmts, dirs)
}

// AddTo is Add appending what is kept to kept, which it returns.
func (c *Compactor) AddTo(kept, stmts []*parser.Statement, dirs []parser.Directive) []*parser.Statement {
	if len(dirs) > 0 || len(c.open) > 0 {
		c.scopeDirectives(stmts, dirs)
	}
	for _, d := range dirs {
		if !d.Trailing {
			if c.pending == nil {
				c.pending = map[*parser.File][]int{}
			}
			c.pending[d.Span.Start.File] = append(c.pending[d.Span.Start.File], d.Span.End.Offset)
		}
	}
	if len(c.pending) > 0 { // most runs: none (ranging over a map costs a call)
		for _, ends := range c.pending {
			sort.Ints(ends)
		}
	}
	// What a statement does with dynamic SQL matters (SL103) only in a
	// batch where some statement's strings hold ADD FILE text: variables
	// live for one batch, and a run holds whole batches.
	addFile := c.addFile
	switch {
	case len(addFile) > addFileKeep:
		// emptying a map takes as long as its room: not a big one for
		// each run
		addFile, c.addFile = nil, nil
	case len(addFile) > 0:
		clear(addFile)
	}
	// room for the statements sure to be kept, at once: a dense script's
	// list grew statement by statement, and grew again (copied whole)
	// when it kept more than its statements of interest (DBCC statements,
	// which may shrink a file, and dynamic SQL in a batch with ADD FILE
	// text: 100 a file of the dense corpus), with room for a few held
	// statements SL303 stops at. Counted in the same loop as the batches
	// with ADD FILE text are found: a run with some has room for each of
	// its statements with dynamic facts (most are in those batches), one
	// with none for none of them.
	// (a batch's statements with ADD FILE text mostly come one after
	// another: its entry is set once for them)
	sure, dyn := 0, 0
	var setFor *parser.Batch
	for _, st := range stmts {
		if st.Kind != parser.KindOther || st.Node != nil || isShrink(st) {
			sure++
		} else if st.Dynamic != nil {
			dyn++
		}
		if st.Dynamic != nil && st.Dynamic.AddFile != "" && (st.Batch != setFor || addFile == nil) {
			if addFile == nil {
				addFile = map[*parser.Batch]bool{}
				c.addFile = addFile
			}
			addFile[st.Batch] = true
			setFor = st.Batch
		}
	}
	if len(addFile) > 0 {
		sure += dyn
	}
	// (the statements of a batch come together: whether a batch has ADD
	// FILE text is looked up once for them, not for each statement with
	// dynamic facts)
	var inBatch *parser.Batch // nil: its answer is addFile's for nil
	var inAddFile bool
	if cap(kept) == 0 && sure+keptSlack <= len(smallRoom{}.kept) {
		if r := c.takeSmallRoom(); r != nil {
			kept = r.kept[:0] // the script's list too
		}
	}
	out, first := growKept(kept, sure+keptSlack), len(kept)
	if len(addFile) > 0 {
		inAddFile = addFile[nil]
	}
	// bound empties lists of c.pending, never deletes one: whether it has
	// any is asked once, not in a call for each statement
	pending := len(c.pending) > 0
	for _, st := range stmts {
		if len(c.catches) > 0 {
			out = c.leaveCatches(out, st)
		}
		if st.Dynamic != nil && st.Batch != inBatch {
			inBatch, inAddFile = st.Batch, len(addFile) > 0 && addFile[st.Batch]
		}
		if st.Kind != parser.KindOther || st.Node != nil || pending && c.bound(st) || st.Dynamic != nil && inAddFile || isShrink(st) {
			if c.blocker != nil {
				if c.needBlocker() {
					c.note(c.blocker)
					// a copy of its own: the next blocker is held in
					// the same room before ownAll copies this one
					cp := c.held
					out = append(out, &cp)
				}
				c.blocker = nil
			}
			if c.afterCheckpoint && catchEnd(st) > 0 {
				c.enterCatch(st) // (a directive's statement)
			} else {
				c.note(st)
			}
			out = append(out, st)
			continue
		}
		if c.blocker == nil && c.afterCheckpoint && catchEnd(st) > 0 {
			c.enterCatch(st)
			out = append(out, st)
			continue
		}
		if c.blocker == nil && !passesOver(st) {
			// copied now: the parser may reuse stmts once Add returns
			// (parser.StatementBuffer); own copies its batch when kept
			c.held = *st
			c.blocker = &c.held
		}
	}
	c.ownAll(out[first:])
	return out
}

// enterCatch keeps st, a BEGIN CATCH that a CHECKPOINT's walk reaches
// (no blocker held since: SL303 walks past the block, to the statement
// after it). The block's statements are then compacted as any others,
// but from no CHECKPOINT (the walk of one in the block starts there);
// once they are added, the walk goes on after the block (leaveCatches).
func (c *Compactor) enterCatch(st *parser.Statement) {
	c.catches = append(c.catches, catchBlock{b: st.Batch, end: st.CatchEnd})
	c.note(st)
}

// leaveCatches ends the CATCH blocks that st, the next statement added,
// is not in: the blocker held in a block is kept when a
// rule can see it (as when a statement is kept), and the CHECKPOINT's
// walk that reached the block goes on after it. Statements of dynamic SQL
// are run by an EXEC before them: they end no block.
func (c *Compactor) leaveCatches(out []*parser.Statement, st *parser.Statement) []*parser.Statement {
	if dynOf(st) != nil {
		return out
	}
	for n := len(c.catches); n > 0; n-- {
		if b := c.catches[n-1]; st.Batch == b.b && int32(st.Start) < b.end {
			break
		}
		if c.blocker != nil {
			if c.needBlocker() {
				c.note(c.blocker)
				cp := c.held
				out = append(out, &cp)
			}
			c.blocker = nil
		}
		c.afterCheckpoint = true
		c.catches = c.catches[:n-1]
	}
	return out
}

// catchEnd is st's CatchEnd when it is a BEGIN CATCH of script text
// whose block's end the split reached, 0 otherwise.
func catchEnd(st *parser.Statement) int32 {
	if st.Kind != parser.KindOther || dynOf(st) != nil {
		return 0
	}
	return st.CatchEnd
}

// keptSlack is the room AddTo makes beyond the statements it is sure to
// keep, for the held statements SL303 stops at that it keeps too (a few
// a file of the dense corpus).
const keptSlack = 8

// growKept is slices.Grow(kept, n), but growing kept's room by half when
// it grows: the kept statements of a huge script are added a run at a
// time, and room grown by a quarter at a time was five times their list
// in garbage (10 MB for a 500 MB script at 5% of interest). Doubled, the
// room left over would live with the script.
func growKept(kept []*parser.Statement, n int) []*parser.Statement {
	if cap(kept)-len(kept) >= n {
		return kept
	}
	out := make([]*parser.Statement, len(kept), max(cap(kept)+cap(kept)/2, len(kept)+n))
	copy(out, kept)
	return out
}

// ownAll replaces the statements of out with their own copies (see own),
// made in room of their number (up to ownSlab), not in room that grows:
// a run of a dense script keeps most of its statements.
func (c *Compactor) ownAll(out []*parser.Statement) {
	if len(out) > 0 && len(out) <= len(smallRoom{}.stmts) {
		c.takeSmallRoom()
	}
	batches := 0 // how many batches are still to copy
	last := c.batch
	for _, st := range out {
		if st.Batch != nil && st.Batch != last {
			batches++
			last = st.Batch
		}
	}
	for i, st := range out {
		if len(c.stmts) == cap(c.stmts) {
			n := roomFor(len(out)-i, cap(c.stmts))
			if c.room == nil && n == parser.KeptChunk {
				// only such chunks are reused: a script that keeps a few
				// statements (at typical density) costs no room
				c.room = new(parser.KeptRoom)
			}
			c.stmts = c.room.Statements(n)
		}
		if b := st.Batch; b != nil && b != c.batch {
			if len(c.batches) == cap(c.batches) {
				c.batches = make([]parser.Batch, 0, roomFor(batches, cap(c.batches)))
			}
			if cap(c.segs)-len(c.segs) < len(b.Segs) {
				// a segment for each batch still to copy, as most have
				c.segs = make([]parser.Segment, 0, max(len(b.Segs), roomFor(batches, cap(c.segs))))
			}
			batches--
		}
		out[i] = c.own(st)
	}
}

// Settled reports whether a run of statements that are all ordinary
// would add nothing: a plain batch (parser.PreprocessPlain), whose
// statements are all KindOther without a Node or ADD FILE text, may then
// be dropped unparsed. That is so once the run's blocker is held (every
// ordinary statement after it is dropped until one is kept) and no
// directive waits for the statement it applies to.
func (c *Compactor) Settled() bool {
	if c.blocker == nil || len(c.catches) > 0 {
		return false
	}
	return !c.waits()
}

// waits reports whether a directive waits for the statement it applies
// to.
func (c *Compactor) waits() bool {
	if len(c.pending) == 0 {
		return false // most scripts: no directive (ranging over a map costs a call)
	}
	for _, ends := range c.pending {
		if len(ends) > 0 {
			return true
		}
	}
	return false
}

// Hunting reports whether the Compactor waits only for the run's
// blocker: none is held and no directive waits for its statement. The
// statements of a plain batch then matter only up to the first that
// Stops (parser.ParsePlainUntil).
func (c *Compactor) Hunting() bool {
	return c.blocker == nil && len(c.catches) == 0 && !c.waits()
}

// SettleUnseen settles a hunting Compactor (Hunting) whose run's blocker
// no rule would see, wherever it is found in a batch not given yet: no
// CHECKPOINT waits for SL303 to walk on to it (afterCheckpoint), and
// SL103 reads the end of a loop only in the batch of a statement kept
// (needBlocker). It reports whether it did: the statements of a plain
// batch (parser.PreprocessPlain) then add nothing, and the batch is
// dropped unparsed, as once Settled. The run's blocker is then held
// unseen: the next statement kept ends the run as any other, and Flush
// keeps none for it.
func (c *Compactor) SettleUnseen() bool {
	if c.blocker != nil || c.afterCheckpoint || len(c.catches) > 0 || c.waits() {
		return false
	}
	c.blocker = &unseenBlocker
	return true
}

// unseenBlocker is the blocker of a run SettleUnseen settled: held,
// never kept (needBlocker is false of it: it is in no batch, and no
// CHECKPOINT waits).
var unseenBlocker parser.Statement

// Stops reports whether st, an ordinary statement, would be the run's
// blocker were none held: SL303 cannot look through it.
func (c *Compactor) Stops(st *parser.Statement) bool {
	return st.Kind == parser.KindOther && st.Node == nil && !passesOver(st)
}

// Flush appends the last run's blocker to kept.
func (c *Compactor) Flush(kept []*parser.Statement) []*parser.Statement {
	for _, o := range c.open {
		c.settle(o)
	}
	c.open = nil
	c.catches = c.catches[:0] // the blocker held in one goes as any
	if c.blocker != nil && c.blocker != &unseenBlocker {
		c.takeSmallRoom()
		kept = append(kept, c.own(c.blocker))
	}
	c.blocker = nil
	c.held = parser.Statement{} // holds no batch or text of the script
	c.batch, c.owned = nil, nil
	// a next script's copies do not keep these alive
	c.stmts, c.batches, c.segs = nil, nil, nil
	c.addFile, c.dynamics = nil, nil
	c.recent, c.recentAt = [recentDynamics]*parser.Dynamic{}, 0
	return kept
}

// scopeDirectives sets the Scope of each directive of dirs that comes
// before a statement of stmts (a run of a script's statements, all of
// them): once they are compacted, the statements of a BEGIN ... END
// block or an ELSE arm that tell where it ends are gone. What a
// directive covers may go on in the next run (a batch parsed on its own
// is handed on a run of statements at a time, which may end between a
// directive and its IF, an IF and its BEGIN, or an END and its ELSE):
// the Compactor carries it there, and Rescope sets what it finds.
func (c *Compactor) scopeDirectives(stmts []*parser.Statement, dirs []parser.Directive) {
	if len(c.open) > 0 {
		c.resumeScopes(stmts)
	}
	var ix *stmtStarts // made for the first: most directives trail
	for i := range dirs {
		d := &dirs[i]
		if d.Trailing {
			continue
		}
		if ix == nil {
			ix = newStmtStarts(stmts)
		}
		o := openScope{f: d.Span.Start.File, dir: d.Span.End.Offset}
		open := ix.reach(&o)
		if o.scope > 0 {
			d.Scope = o.scope
		}
		if open && len(c.open) < maxOpenScopes {
			c.open = append(c.open, o)
		}
	}
}

// maxOpenScopes bounds the directives the Compactor carries from a run
// to the next (thousands nested in a hostile batch): past it a
// directive covers what its own run holds.
const maxOpenScopes = 64

// openScope is a directive whose reach its run of statements did not
// settle (scopeDirectives).
type openScope struct {
	f     *parser.File
	dir   int // the directive's end offset
	scope int // the end of what it covers so far, or 0
	// spine are copies of the statements reach read, the directive's
	// first (none when it is still to come), and blocks the ends of
	// their blocks (fileStarts.blocks)
	spine  []parser.Statement
	blocks map[int]int
}

// scopeKey is a directive for Rescope: its file and end offset.
type scopeKey struct {
	f   *parser.File
	dir int
}

// reach sets o.scope to the end of what o's directive covers of the
// statements of ix (bodyEnd), and reports whether the next run may
// extend it: the directive's statement is still to come, or reach read
// up to its file's last statement of ix (then o.spine is set).
func (ix *stmtStarts) reach(o *openScope) bool {
	fs := ix.byFile[o.f]
	if fs == nil {
		return true
	}
	i := sort.SearchInts(fs.maxStart, o.dir)
	if i == len(fs.stmts) {
		return true
	}
	if moduleHeader(fs.stmts[i]) {
		// the rest of the batch: the statements compacted tell it
		o.scope = max(o.scope, ix.bodyEnd(o.f, fs.start[i], fs.end[i]))
		return false
	}
	var spine []int
	if o.blocks != nil {
		fs.blocks = o.blocks // those read in an earlier run
	}
	fs.spine = &spine
	e, last := fs.extent(o.f, i, 0)
	fs.spine = nil
	o.blocks = fs.blocks
	if e > fs.end[i] {
		o.scope = max(o.scope, e)
	}
	if last < len(fs.stmts)-1 {
		return false
	}
	sp := make([]parser.Statement, 0, len(spine))
	for _, k := range spine {
		sp = append(sp, *fs.stmts[k])
	}
	o.spine = sp
	return true
}

// resumeScopes goes on with the directives carried from the last run,
// with the statements of stmts (the next run) that may extend them:
// those of the batch of the last statement read (a block or an ELSE
// does not span batches), or all when a directive's statement is still
// to come.
func (c *Compactor) resumeScopes(stmts []*parser.Statement) {
	open := c.open[:0]
	for _, o := range c.open {
		var b *parser.Batch
		if n := len(o.spine); n > 0 {
			b = o.spine[n-1].Batch
		}
		k := 0
		for k < len(stmts) && (b == nil || stmts[k].Batch == b) {
			k++
		}
		if k > 0 {
			all := make([]*parser.Statement, 0, len(o.spine)+k)
			for i := range o.spine {
				all = append(all, &o.spine[i])
			}
			if newStmtStarts(append(all, stmts[:k]...)).reach(&o) {
				open = append(open, o)
				continue
			}
		}
		c.settle(o)
	}
	clear(c.open[len(open):])
	c.open = open
}

// settle records what o's directive covers for Rescope.
func (c *Compactor) settle(o openScope) {
	if o.scope == 0 {
		return
	}
	if c.scopes == nil {
		c.scopes = map[scopeKey]int{}
	}
	c.scopes[scopeKey{o.f, o.dir}] = o.scope
}

// Rescope sets the Scope of those of dirs (the directives added with
// the runs, after Flush) whose reach a later run than theirs extended.
func (c *Compactor) Rescope(dirs []parser.Directive) {
	if len(c.scopes) == 0 {
		return
	}
	for i := range dirs {
		d := &dirs[i]
		if e, ok := c.scopes[scopeKey{d.Span.Start.File, d.Span.End.Offset}]; ok && e > d.Scope {
			d.Scope = e
		}
	}
	c.scopes = nil
}

// bound reports whether a directive applies to st: in each file, the
// first statement that starts at or after the directive's end (as
// suppress finds them).
func (c *Compactor) bound(st *parser.Statement) bool {
	if len(c.pending) == 0 {
		return false
	}
	sp := st.Span()
	ends := c.pending[sp.Start.File]
	n := 0
	for n < len(ends) && ends[n] <= sp.Start.Offset {
		n++
	}
	if n == 0 {
		return false
	}
	c.pending[sp.Start.File] = ends[n:]
	return true
}

// own copies a kept statement out of the parser's slab of statements,
// and its batch out of the preprocessor's slab of batches, so that the
// slabs (and the statements and batches dropped with them) can die. The
// kept statements of one batch share one copy of it.
func (c *Compactor) own(st *parser.Statement) *parser.Statement {
	cp := ownCopy(&c.stmts, st)
	if st.Dynamic != nil {
		cp.Dynamic = c.sameDynamic(st.Dynamic)
	}
	if b := st.Batch; b != nil && b.Dyn != nil {
		return cp // the batch of dynamic SQL is the statement's own already
	} else if b != nil {
		if b != c.batch {
			nb := ownCopy(&c.batches, b)
			nb.Segs = c.ownSegs(b.Segs)
			c.batch, c.owned = b, nb
			// the file is that of the last statement counted (those of a
			// batch come together): looked at once a batch
			if len(b.Segs) > 0 {
				if f := b.Segs[0].File; f != c.keptFile {
					c.keptFile, c.keptIn = f, 0
				}
			}
		}
		cp.Batch = c.owned
		if len(b.Segs) > 0 {
			if c.keptIn++; c.keptIn == indexAfterKept && c.keptFile != nil {
				c.keptFile.IndexAhead()
			}
		}
	}
	return cp
}

// sameDynamic returns a kept statement's Dynamic facts, or facts equal
// to them that an earlier kept statement of the script holds: the facts
// are read, never written (moved strings keep their value), and the
// statements of a script that builds ADD FILE text repeat a few
// (DECLARE @sql, SET @i = @i + 1, EXEC (@sql)). A 500 MB script at 5% of
// interest keeps 78,000 statements with facts of 144 bytes and more.
func (c *Compactor) sameDynamic(d *parser.Dynamic) *parser.Dynamic {
	// the facts of a loop's few statements come round again and again, in
	// the order they were first kept: those of the last ones kept are
	// compared before any hashing, from the one kept before the last
	// found on (the next in the loop)
	for i := range len(c.recent) {
		k := (c.recentAt + len(c.recent) - 1 - i) % len(c.recent)
		if r := c.recent[k]; r != nil && equalDynamic(r, d) {
			c.recentAt = k
			return r
		}
	}
	r, owned := c.sameDynamicHashed(d)
	if owned {
		copy(c.recent[1:], c.recent[:len(c.recent)-1])
		c.recent[0], c.recentAt = r, 0
	}
	return r
}

// sameDynamicHashed is sameDynamic by the hash of the facts; owned
// reports whether the facts returned are the Compactor's (not those of
// another with the same hash, kept as they are).
func (c *Compactor) sameDynamicHashed(d *parser.Dynamic) (_ *parser.Dynamic, owned bool) {
	// each string hashed by itself and the hashes mixed (equal facts are
	// told by equalDynamic): a maphash.Hash writing them one by one
	// through its buffer cost as much again
	const mul = 0x9e3779b97f4a7c15
	k := maphash.String(dynamicSeed, d.AddFile)
	for _, list := range [...][]string{d.Assigns, d.Uses, d.ExecVars} {
		k = (k ^ uint64(len(list))) * mul
		for _, v := range list {
			k = (k ^ maphash.String(dynamicSeed, v)) * mul
		}
	}
	if d.Exec {
		k = (k ^ 2) * mul
	}
	if d.Fixed {
		k = (k ^ 3) * mul
	}
	if same, ok := c.dynamics[k]; ok {
		if equalDynamic(same, d) {
			return same, true
		}
		return d, false // another with the same hash: kept as it is
	}
	if c.dynamics == nil {
		c.dynamics = map[uint64]*parser.Dynamic{}
	}
	ownDynamic(d)
	c.dynamics[k] = d
	return d, true
}

// ownDynamic makes the strings of d copies of their own, in one
// allocation: facts statements share are never written again (a mapped
// script's strings are moved out of the mapping, statement by statement,
// on two goroutines, and these are in no mapping).
func ownDynamic(d *parser.Dynamic) {
	lists := [...][]string{d.Assigns, d.Uses, d.ExecVars}
	n := len(d.AddFile)
	for _, list := range lists {
		for _, v := range list {
			n += len(v)
		}
	}
	buf := make([]byte, 0, n)
	own := func(v string) string {
		k := len(buf)
		buf = append(buf, v...)
		return unsafe.String(unsafe.SliceData(buf[k:]), len(v)) // buf is not written again
	}
	if d.AddFile != "" {
		d.AddFile = own(d.AddFile)
	}
	for _, list := range lists {
		for i, v := range list {
			if v != "" {
				list[i] = own(v)
			}
		}
	}
}

var dynamicSeed = maphash.MakeSeed()

// recentDynamics is how many facts sameDynamic compares before hashing:
// a loop that builds ADD FILE text has a few statements with facts
// (DECLARE, SET @sql, EXEC, SET @i), the dense corpus's 6,900 kept in 20
// files 80 distinct ones.
const recentDynamics = 4

func equalDynamic(a, b *parser.Dynamic) bool {
	return a.AddFile == b.AddFile && a.Exec == b.Exec && a.Fixed == b.Fixed && slices.Equal(a.Assigns, b.Assigns) &&
		slices.Equal(a.Uses, b.Uses) && slices.Equal(a.ExecVars, b.ExecVars)
}

// ownSegs returns a copy of a kept batch's segments (most batches have
// one), taken from c.segs: room ownAll makes for the batches it is about
// to copy (up to ownSlab segments), else room for these alone.
func (c *Compactor) ownSegs(segs []parser.Segment) []parser.Segment {
	n := len(segs)
	if n > ownSlab/8 {
		return slices.Clone(segs)
	}
	if cap(c.segs)-len(c.segs) < n {
		c.segs = make([]parser.Segment, 0, n)
	}
	k := len(c.segs)
	c.segs = append(c.segs, segs...)
	return c.segs[k : k+n : k+n]
}

// smallRoom is the room of the first copies a script's Compactor makes,
// when they are few (own): the statements, their batches and the
// batches' segments (and the list of the kept statements, when it is
// made with them) in one allocation rather than one each. At typical
// density most scripts keep one or two statements of one batch each (a
// statement of interest, the last statement SL303 stops at), and one
// segment is most batches'.
type smallRoom struct {
	stmts   [2]parser.Statement
	batches [2]parser.Batch
	segs    [2]parser.Segment
	kept    [2 + keptSlack]*parser.Statement // the script's list of them (AddTo)
}

// takeSmallRoom gives c a smallRoom, and returns it, when it has made no
// room yet for the script's copies (its first copies, or none since
// Flush); else it returns nil.
func (c *Compactor) takeSmallRoom() *smallRoom {
	if cap(c.stmts) != 0 || cap(c.batches) != 0 || cap(c.segs) != 0 {
		return nil
	}
	r := new(smallRoom)
	c.stmts, c.batches, c.segs = r.stmts[:0], r.batches[:0], r.segs[:0]
	return r
}

// ownCopy returns a copy of *v, made in room that never grows: ownAll
// makes it for the copies it is about to make (up to ownSlab of 56 bytes
// each), else it is made for this one copy (the blocker Flush keeps).
// What ownCopy returned points into the room, and lives as long as the
// script. A script keeps a few statements at typical density, each of a
// dense script's statements of interest is kept, and a script of 500 MB
// at 3% of interest keeps 140,000: room made one copy at a time cost an
// allocation for each.
func ownCopy[T any](room *[]T, v *T) *T {
	if len(*room) == cap(*room) {
		*room = make([]T, 0, 1)
	}
	*room = append(*room, *v)
	return &(*room)[len(*room)-1]
}

// addFileKeep is the most batches with ADD FILE text a run may have for
// the Compactor to reuse its map in the next.
const addFileKeep = 64

// ownSlab is the most copies ownAll makes room for at once.
const ownSlab = 1 << 9

// roomFor is the size of the room ownAll makes for n copies when the
// script's last room, of size last (0 for its first), is full: n, or
// twice the last room when that is more, up to ownSlab. A run of a large
// script may keep one statement, as the next does (a 500 MB script at 5%
// of interest kept 240,000 statements of 120,000 batches in 120,000
// rooms of one), while most scripts keep a statement or two: a first
// room of 32 made the 20,000 typical files of a run allocate 67 MB more.
func roomFor(n, last int) int {
	return min(max(n, 2*last), ownSlab)
}

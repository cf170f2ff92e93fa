package output

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"hash/maphash"
	"io"
	"strings"

	"github.com/sqllint/sqllint/internal/spool"
	"github.com/sqllint/sqllint/report"
)

// groupSpill is how many bytes of printed elements a checkstyle or junit
// stream keeps in memory (a spool.Spool's Max) before it moves them to a
// temporary file (a variable for tests).
var groupSpill = 1 << 20

// groupStream prints checkstyle and junit, the formats that group
// findings by file, as findings come: each finding's element (an <error>,
// a <testcase>) is printed at once into a spool, on disk past groupSpill
// bytes, and Close writes the document around them: each file's elements
// together, the files in the order of their first finding, then the
// files that have only input errors (fileOrder), with the counts the
// start tags carry (junit's tests, failures and errors). A run of one
// file's findings, one after another, is a record of a second spool
// (dir): where its elements are, its counts and the file's name. What
// stays in memory is a hash a file, to tell a file whose findings come
// back after another's (rare: then its records are gathered at Close),
// not the findings nor their files (a run of 100,000 files took 104 MB
// for checkstyle and 129 MB for junit when the stream kept its findings,
// 69 and 71 MB with a record a file in memory). The bytes are those Write
// prints.
type groupStream struct {
	junit bool
	rules map[string]*report.Rule // junit: the rules, for their help links
	held  spool.Spool             // the printed elements
	dir   spool.Spool             // the runs' records (groupRun)
	// seen holds the hash of each file that has a record; again the
	// names of those whose hash came again (a file whose findings came
	// apart, or another of the same hash)
	seen  map[uint64]struct{}
	again map[string]bool
	cur   groupRun // the run of findings being added (cur.path "" and no findings: none)
	open  bool
	// the room the elements are printed in, reused
	el, detail bytes.Buffer
	sc         snippetCache
}

// groupRun is a run of one file's findings: the range of held their
// elements are in, and their counts (junit).
type groupRun struct {
	path            string
	start, end      int
	tests, failures int
}

// groupSeed hashes the files' names (seen).
var groupSeed = maphash.MakeSeed()

// groupRecord is the size of a record's numbers in dir: start, end,
// tests, failures and the name's length, then the name.
const groupRecord = 5 * 8

func (x *groupStream) add(s *Stream, _ *bytes.Buffer, fs []report.Finding) error {
	if x.seen == nil {
		x.seen = map[uint64]struct{}{}
		x.held.Max, x.dir.Max = groupSpill, groupSpill
		if x.junit {
			x.rules = rulesByID(s.head)
		}
	}
	for i := range fs {
		f := &fs[i]
		path := f.Path
		if path == "" && !x.junit {
			path = s.opt.RunPath // a run-level finding's file (checkstyle)
		}
		if !x.open || x.cur.path != path {
			x.endRun()
			x.cur = groupRun{path: strings.Clone(path), start: x.held.Len(), end: x.held.Len()}
			x.open = true
		}
		x.el.Reset()
		// an element of a file's or suite's, two levels down
		w := xw{b: &x.el, depth: 2, started: true}
		if x.junit {
			tc, failed := junitFindingCase(f, x.rules, &x.detail, s.lineOf, &x.sc)
			w.junitCase(&tc)
			x.cur.tests++
			if failed {
				x.cur.failures++
			}
		} else {
			e := checkstyleFinding(f)
			if f.Path == "" && path != "" {
				checkstyleRunLevel(&e)
			}
			w.checkstyleError(&e)
		}
		x.held.Add(x.el.Bytes())
		x.cur.end = x.held.Len()
	}
	return nil
}

// endRun writes the record of the run being added, if any.
func (x *groupStream) endRun() {
	if !x.open {
		return
	}
	x.open = false
	h := maphash.String(groupSeed, x.cur.path)
	if _, ok := x.seen[h]; ok {
		if x.again == nil {
			x.again = map[string]bool{}
		}
		x.again[x.cur.path] = true
	}
	x.seen[h] = struct{}{}
	var rec [groupRecord]byte
	for k, v := range [...]int{x.cur.start, x.cur.end, x.cur.tests, x.cur.failures, len(x.cur.path)} {
		binary.LittleEndian.PutUint64(rec[8*k:], uint64(v))
	}
	x.dir.Add(rec[:])
	x.dir.Add([]byte(x.cur.path))
}

// runs calls fn with each record of dir, in order.
func (x *groupStream) runs(fn func(groupRun) error) error {
	var buf bytes.Buffer
	off := 0
	for off < x.dir.Len() || buf.Len() > 0 {
		if buf.Len() < groupRecord || buf.Len() < groupRecord+int(binary.LittleEndian.Uint64(buf.Bytes()[32:])) {
			n := min(64<<10, x.dir.Len()-off)
			if n == 0 {
				return errors.New("a truncated record")
			}
			if err := x.dir.WriteRange(&buf, off, n); err != nil {
				return err
			}
			off += n
			continue
		}
		var v [5]int
		for k := range v {
			v[k] = int(binary.LittleEndian.Uint64(buf.Next(8)))
		}
		run := groupRun{start: v[0], end: v[1], tests: v[2], failures: v[3], path: string(buf.Next(v[4]))}
		if err := fn(run); err != nil {
			return err
		}
	}
	return nil
}

func (x *groupStream) close(s *Stream, b *bytes.Buffer, r *report.Report) error {
	defer x.drop()
	x.endRun()
	// the input errors by file
	errs := map[string][]int{}
	for i := range r.Errors {
		p := r.Errors[i].Path
		errs[p] = append(errs[p], i)
	}
	// The records of the files that have more than one, gathered, and
	// which files with input errors have findings: a pass over the
	// records when there are such files. The counts, from the records.
	gathered := map[string][]groupRun{}
	hasFindings := map[string]bool{}
	tests, failures := len(r.Errors), 0
	if err := x.runs(func(run groupRun) error {
		tests += run.tests
		failures += run.failures
		if x.again[run.path] {
			gathered[run.path] = append(gathered[run.path], run)
		}
		if _, ok := errs[run.path]; ok {
			hasFindings[run.path] = true
		}
		return nil
	}); err != nil {
		return err
	}
	b.WriteString(xml.Header)
	w := &xw{b: b}
	if x.junit {
		empty := x.dir.Len() == 0 && len(r.Errors) == 0
		if empty {
			tests = 1
		}
		w.junitCounts("testsuites", toolName(r), tests, failures, len(r.Errors))
		if empty {
			su := junitNoFindings(r)
			w.junitSuiteStart(&su)
			w.junitCase(&su.Cases[0])
			w.end("testsuite")
		}
	} else {
		w.start("checkstyle")
		w.attr("version", "4.3")
		w.startEnd()
	}
	if err := x.runs(func(run groupRun) error {
		group := []groupRun{run}
		if g, ok := gathered[run.path]; ok {
			if g == nil {
				return nil // written at its first run
			}
			group = g
			gathered[run.path] = nil
		}
		return x.group(s, w, r, run.path, group, errs[run.path])
	}); err != nil {
		return err
	}
	done := map[string]bool{}
	for i := range r.Errors {
		if p := r.Errors[i].Path; !hasFindings[p] && !done[p] {
			done[p] = true
			if err := x.group(s, w, r, p, nil, errs[p]); err != nil {
				return err
			}
		}
	}
	if x.junit {
		w.end("testsuites")
	} else {
		w.end("checkstyle")
	}
	b.WriteByte('\n')
	return nil
}

// group writes the file's (or suite's) element of path: its findings'
// elements from the spool (the runs, none for a file of input errors
// only), then its input errors (the indexes errs of r.Errors).
func (x *groupStream) group(s *Stream, w *xw, r *report.Report, path string, runs []groupRun, errs []int) error {
	if x.junit {
		su := newJUnitSuite(path)
		for _, run := range runs {
			su.Tests += run.tests
			su.Failures += run.failures
		}
		su.Tests += len(errs)
		su.Errors = len(errs)
		w.junitSuiteStart(su)
	} else {
		w.start("file")
		w.attr("name", path)
		w.startEnd()
	}
	if len(runs) > 0 {
		// what is printed so far goes first, then the elements, straight
		// from the spool to the writer
		if err := s.flushTo(w.b); err != nil {
			return err
		}
		var out io.Writer = w.b
		if s.w != nil {
			out = s.w
		}
		for _, run := range runs {
			if err := x.held.WriteRange(out, run.start, run.end-run.start); err != nil {
				return err
			}
		}
		w.in = false // the element has children
	}
	for _, i := range errs {
		if x.junit {
			tc := junitInputCase(&r.Errors[i])
			w.junitCase(&tc)
		} else {
			e := checkstyleInput(&r.Errors[i])
			w.checkstyleError(&e)
		}
	}
	if x.junit {
		w.end("testsuite")
	} else {
		w.end("file")
	}
	return nil
}

// drop forgets the elements and records held and removes their
// temporary files.
func (x *groupStream) drop() {
	x.held.Drop()
	x.dir.Drop()
}

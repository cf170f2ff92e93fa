// Package baseline records a run's findings in a file so that later runs
// report only new ones: adopting sqllint in a repository with hundreds of
// existing scripts without a red build or a suppression on every old
// statement.
//
// # Format
//
// A baseline is a JSON object written with one entry per line, sorted, so
// that it diffs well in review:
//
//	{"version": 1, "tool": "sqllint", "entries": [
//	{"rule": "SL101", "file": "migrations/V2__more.sql", "fingerprint": "5d41402abc4b2a76", "occurrence": 1},
//	{"rule": "SL302", "file": "migrations/V9__tune.sql", "fingerprint": "7d793037a0760186", "occurrence": 2}
//	]}
//
// An entry is keyed by the rule ID, the file (slash-separated, relative to
// the folder that holds the baseline file, so that a run from any folder
// matches it; "../" when the file is outside that folder), the fingerprint of the
// statement the finding is on (its text with comments, white space and
// case normalized, see Fingerprint) and the occurrence number of that
// (rule, file, fingerprint) in the file, counted from 1 in file order. No
// line number: inserting or removing lines elsewhere keeps an entry
// matched, while a new finding, even one identical to an old one in the
// same file, is reported. The entries of a file that no longer exists
// match the findings of a file renamed or moved from it (see moved).
package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/report"
)

// Version is the format version this package writes and reads.
const Version = 1

// Entry is one recorded finding.
type Entry struct {
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Fingerprint string `json:"fingerprint"`
	Occurrence  int    `json:"occurrence"`
}

// String is how an entry is named in messages.
func (e Entry) String() string {
	return fmt.Sprintf("%s %s (fingerprint %s, occurrence %d)", e.Rule, e.File, e.Fingerprint, e.Occurrence)
}

func (e Entry) less(o Entry) bool {
	if e.File != o.File {
		return e.File < o.File
	}
	if e.Rule != o.Rule {
		return e.Rule < o.Rule
	}
	if e.Fingerprint != o.Fingerprint {
		return e.Fingerprint < o.Fingerprint
	}
	return e.Occurrence < o.Occurrence
}

// Baseline is a loaded baseline file.
type Baseline struct {
	Path    string // as given
	Dir     string // absolute folder file paths are relative to
	Entries []Entry
}

// Keys returns the entry of each finding, in the order of findings, with
// files relative to dir (an absolute folder). Findings must be in file
// order (as a run reports them): occurrences count in that order.
func Keys(findings []report.Finding, dir string) []Entry {
	keys := make([]Entry, len(findings))
	kr := keyer{dir: dir, count: map[Entry]int{}}
	for i, f := range findings {
		keys[i] = kr.key(f)
	}
	return keys
}

// keyer gives findings their entries in file order, counting
// occurrences over every finding it was given.
type keyer struct {
	dir   string
	count map[Entry]int
	// the line of the last finding fingerprinted by its line, and that
	// fingerprint: the findings on one line come in a row, and a long
	// line is normalized once for them all
	line, lineFP string
}

func (kr *keyer) key(f report.Finding) Entry {
	fp := f.Fingerprint
	if fp == "" && f.SourceText != "" {
		if f.SourceText != kr.line || kr.lineFP == "" {
			kr.line, kr.lineFP = f.SourceText, Fingerprint(f.SourceText)
		}
		fp = kr.lineFP
	} else if fp == "" {
		fp = fingerprintOf(f)
	}
	k := Entry{Rule: f.RuleID, File: relFile(f.Path, kr.dir), Fingerprint: fp}
	kr.count[k]++
	k.Occurrence = kr.count[k]
	return k
}

// fingerprintOf is the finding's statement fingerprint, or for a finding
// that is not on a statement, the fingerprint of its source line, else of
// its message.
func fingerprintOf(f report.Finding) string {
	switch {
	case f.Fingerprint != "":
		return f.Fingerprint
	case f.SourceText != "":
		return Fingerprint(f.SourceText)
	}
	return Fingerprint(f.Message)
}

// relFile is path relative to dir, slash-separated (with ../ for a file
// outside it); a path that has no relative form (another drive) is kept
// absolute, and a finding without a file is "".
func relFile(path, dir string) string {
	if path == "" {
		return ""
	}
	abs, err := filepath.Abs(filepath.FromSlash(path))
	if err != nil {
		return filepath.ToSlash(path)
	}
	if r, err := filepath.Rel(dir, abs); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(abs)
}

// dirOf is the absolute folder of the baseline file at path.
func dirOf(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.Dir(abs), nil
}

// Encode writes the baseline of findings for a file at path (which sets
// the folder file names are relative to), with the entries keep of a
// baseline written before (Unchecked) that no finding gives again.
func Encode(path string, findings []report.Finding, keep ...Entry) ([]byte, error) {
	dir, err := dirOf(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	entries := Keys(findings, dir)
	if len(keep) > 0 {
		have := make(map[Entry]bool, len(entries))
		for _, e := range entries {
			have[e] = true
		}
		for _, e := range keep {
			if !have[e] {
				have[e] = true
				entries = append(entries, e)
			}
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].less(entries[j]) })
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"version\": %d, \"tool\": \"sqllint\", \"entries\": [\n", Version)
	for i, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		// one space after each separator, as people write JSON
		b.Write(bytes.ReplaceAll(bytes.ReplaceAll(line, []byte(`","`), []byte(`", "`)), []byte(`":`), []byte(`": `)))
		if i < len(entries)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	if int64(b.Len()) > maxSize {
		// Load could not read it back: a baseline not written is an
		// error now, one written is an error at every run after
		return nil, fmt.Errorf("baseline %s: %d entries are %s, larger than the %s a baseline may hold; not written (write one baseline for each folder, or fix or suppress the most frequent findings)",
			path, len(entries), fsread.FormatSize(int64(b.Len())), fsread.FormatSize(maxSize))
	}
	return b.Bytes(), nil
}

// maxSize is the most bytes a baseline file holds: what Load reads (a
// variable for tests).
var maxSize = fsread.DefaultMaxSize

type fileFormat struct {
	Version *int    `json:"version"`
	Tool    string  `json:"tool"`
	Entries []Entry `json:"entries"`
}

// Load reads the baseline file at path. A missing, unreadable or corrupt
// file is an error that names it.
func Load(path string) (*Baseline, error) {
	// a regular file, never a blocking open (a named pipe), at most 64 MB
	data, err := fsread.ReadFile(path, maxSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("baseline %s: no such file (create it with --write-baseline %s)", path, path)
		}
		var pe *fs.PathError
		var fe *fsread.Error
		if errors.As(err, &pe) {
			err = pe.Err
		} else if errors.As(err, &fe) {
			err = errors.New(fe.Msg)
		}
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return Parse(path, data)
}

// Parse reads a baseline's contents; path names it in errors and sets the
// folder its file names are relative to.
func Parse(path string, data []byte) (*Baseline, error) {
	// a byte order mark an editor or PowerShell wrote (RFC 8259 lets a
	// parser ignore it)
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	var ff fileFormat
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("baseline %s: not a sqllint baseline: the file is empty (write it with --write-baseline %s)", path, path)
	}
	if err := dec.Decode(&ff); err != nil {
		return nil, fmt.Errorf("baseline %s: not a sqllint baseline: %w", path, jsonErr(err, data))
	}
	if dec.More() {
		return nil, fmt.Errorf("baseline %s: not a sqllint baseline: text after the JSON object", path)
	}
	if ff.Version == nil {
		return nil, fmt.Errorf("baseline %s: not a sqllint baseline: no version", path)
	}
	if *ff.Version != Version {
		return nil, fmt.Errorf("baseline %s: format version %d, this sqllint reads version %d: write it again with --write-baseline", path, *ff.Version, Version)
	}
	for i, e := range ff.Entries {
		if e.Rule == "" || e.Fingerprint == "" || e.Occurrence < 1 {
			at := ""
			if line := entryLine(data, i); line > 0 {
				at = fmt.Sprintf("line %d: ", line)
			}
			return nil, fmt.Errorf("baseline %s: %sentry %d: needs a rule, a fingerprint and an occurrence of 1 or more", path, at, i+1)
		}
	}
	dir, err := dirOf(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &Baseline{Path: path, Dir: dir, Entries: ff.Entries}, nil
}

// jsonErr adds the line to a JSON syntax error.
func jsonErr(err error, data []byte) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		if at := conflictLine(data); at > 0 {
			return fmt.Errorf("line %d: a merge conflict (<<<<<<<, =======, >>>>>>>): keep the entries of both sides, or write the baseline again with --write-baseline", at)
		}
		return fmt.Errorf("line %d: %w", line, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line := 1 + bytes.Count(data[:min(int(te.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: %s", line, typeMsg(te))
	}
	// DisallowUnknownFields' error has no offset: the key's line
	const unknown = "json: unknown field "
	if msg := err.Error(); strings.HasPrefix(msg, unknown) {
		if name, uerr := strconv.Unquote(msg[len(unknown):]); uerr == nil {
			if line := unknownFieldLine(data, name); line > 0 {
				return fmt.Errorf("line %d: unknown key %q", line, name)
			}
			return fmt.Errorf("unknown key %q", name)
		}
	}
	return err
}

// typeMsg says which key holds a value of the wrong type, what it must
// be and what it is, in the words of the file rather than Go's types.
func typeMsg(te *json.UnmarshalTypeError) string {
	got := te.Value
	switch got {
	case "array":
		got = "a list"
	case "object":
		got = "an object"
	case "string", "number":
		got = "a " + got
	}
	want := "a whole number"
	switch te.Type.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Slice:
		want = "a list"
	case reflect.Struct:
		want = "an object"
	}
	field := te.Field
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	switch {
	case field == "":
		return "the file must be a JSON object, got " + got
	case te.Type.Kind() == reflect.Struct:
		return "an entry must be an object, got " + got
	}
	return fmt.Sprintf("%q must be %s, got %s", field, want, got)
}

// Result is what Filter did.
type Result struct {
	Findings []report.Finding // the findings not in the baseline (new)
	Hidden   int              // findings the baseline hid
	Stale    []Entry          // entries that matched no finding, sorted
}

// Filter removes the findings the baseline records and returns the rest,
// in their order. Findings must be in file order (as a run reports them).
// Entries of the files scanned (display paths, as findings name them)
// that match no finding are returned as Stale: the baseline can be
// written again, smaller. Entries of other files are left alone, so that
// a run on a few files (a pre-commit hook) does not call the rest stale;
// scanned nil means every file was scanned. paths are the paths the run
// was given, as for Stream.Result.
func (b *Baseline) Filter(findings []report.Finding, scanned []string, paths ...string) Result {
	s := b.Stream()
	s.Add(findings)
	return s.Result(scanned, paths...)
}

// Stream filters a run's findings as they come (Add), keeping only those
// no entry matches, and gives Filter's result at the end (Result): a run
// whose findings the baseline mostly records no longer holds them all
// (194,757 findings of 49 MB of scripts, every one recorded: 266-303 MB
// peak RSS held, 90 MB streamed). What it keeps is what a renamed file
// needs (moved): the findings not matched.
type Stream struct {
	b  *Baseline
	kr keyer
	// used holds every entry: whether a finding matched it (one map
	// rather than one of the entries and one of those used: the
	// baseline's 194,757 entries took 20 MB each)
	used   map[Entry]bool
	hidden int
	keys   []Entry          // of the findings no entry matched
	rest   []report.Finding // those findings, in order
}

// Stream starts a filter of a run's findings.
func (b *Baseline) Stream() *Stream {
	used := make(map[Entry]bool, len(b.Entries))
	for _, e := range b.Entries {
		used[e] = false
	}
	return &Stream{b: b, kr: keyer{dir: b.Dir, count: map[Entry]int{}}, used: used}
}

// Add filters the next findings of the run, in file order (as a run
// reports them: occurrences count in that order over every Add).
func (s *Stream) Add(findings []report.Finding) {
	for _, f := range findings {
		k := s.kr.key(f)
		if _, known := s.used[k]; known {
			s.used[k] = true
			s.hidden++
			continue
		}
		s.keys = append(s.keys, k)
		s.rest = append(s.rest, f)
	}
}

// Result is Filter's result for the findings added (see Filter for
// scanned). paths are the paths the run was given ("-" is standard
// input): the entries of a file gone from inside one of them (deleted,
// or renamed to a file that did not take them, see moved) are stale too,
// as the scan of its folder no longer finds it. The Stream is done.
func (s *Stream) Result(scanned []string, paths ...string) Result {
	b := s.b
	var inRun map[string]bool
	if scanned != nil {
		inRun = map[string]bool{}
		for _, p := range scanned {
			inRun[relFile(p, b.Dir)] = true
		}
	}
	var under []string
	for _, p := range paths {
		if p != "-" {
			under = append(under, relFile(p, b.Dir))
		}
	}
	gone := func(e Entry) bool { return e.File != "" && inside(e.File, under) && !b.fileExists(e.File) }
	res := Result{Hidden: s.hidden}
	rest := make([]int, len(s.keys)) // the findings no entry matches
	for i := range rest {
		rest[i] = i
	}
	moved := b.moved(s.keys, rest, s.used)
	for i, f := range s.rest {
		if moved[i] {
			res.Hidden++
			continue
		}
		res.Findings = append(res.Findings, f)
	}
	used := s.used
	for _, e := range b.Entries {
		if !used[e] && (inRun == nil || inRun[e.File] || gone(e)) {
			res.Stale = append(res.Stale, e)
			used[e] = true // a duplicate entry is listed once
		}
	}
	sort.Slice(res.Stale, func(i, j int) bool { return res.Stale[i].less(res.Stale[j]) })
	return res
}

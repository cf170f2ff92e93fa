package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/internal/safewrite"
	"github.com/sqllint/sqllint/internal/udiff"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// MaxFixRounds bounds the rounds of Fix: fixes that keep making new
// fixable findings stop there.
const MaxFixRounds = 10

// FixedFile is the new content of one physical file after every round.
type FixedFile struct {
	Path     string // display path, as findings name it
	OSPath   string // the path it was read from
	Old, New []byte // as read from disk before the first fix; after the last
	Perm     os.FileMode
	// Applied counts the fixes applied to this file by rule ID, so that a
	// run that could not write it does not count them.
	Applied map[string]int
}

// FixResult is what Fix did.
type FixResult struct {
	Files   []FixedFile    // files whose content changed, sorted by Path
	Applied map[string]int // rule ID → fixes applied over all rounds
	Rounds  int            // rounds that applied at least one fix
	// Errors are the files that could not be fixed (changed on disk, not
	// readable, bytes that would not round-trip their encoding), one error
	// each naming the file; the other files are fixed all the same.
	Errors []error
}

// Total is the number of fixes applied.
func (r *FixResult) Total() int {
	n := 0
	for _, c := range r.Applied {
		n += c
	}
	return n
}

// Fix analyzes opt and applies the fixes of its findings in memory, then
// analyzes again with the fixed files as an overlay and applies what the
// new findings fix, until a round fixes nothing (a fixed point) or after
// MaxFixRounds rounds: a fix that makes another finding fixable
// (CHECKPOINT 30 becomes CHECKPOINT, which is then removed before a
// BACKUP) ends in its final form, and a second --fix changes nothing.
//
// Edits are gathered per physical file (an include shared by two root
// files gets them once), de-duplicated, applied in a fixed order and
// re-encoded in the file's own encoding. choose, when not nil, selects
// which findings' fixes apply (the ones a run reports, after a baseline).
// sink gets the results of the final analysis: what remains. Nothing is
// written: see WriteFixed.
func Fix(ctx context.Context, opt Options, choose func([]report.Finding) []report.Finding, sink func(*FileResult)) (*Summary, *FixResult, error) {
	st := &fixState{
		opt:     opt,
		overlay: map[string][]byte{},
		files:   map[string]*FixedFile{},
		res:     &FixResult{Applied: map[string]int{}},
	}
	for k, v := range opt.Overlay {
		st.overlay[k] = v
	}
	if factsFor := opt.FactsFor; factsFor != nil {
		// live facts are read once, not once per round
		var key string
		var facts *rules.ServerFacts
		opt.FactsFor = func(ctx context.Context, w Wanted) (*rules.ServerFacts, error) {
			k := strings.Join(w.Databases, "\x00") + "\x01" + strings.Join(w.RestoreSources, "\x00")
			if facts != nil && k == key {
				return facts, nil
			}
			f, err := factsFor(ctx, w)
			if err == nil {
				key, facts = k, f
			}
			return f, err
		}
	}
	for round := 0; ; round++ {
		o := opt
		o.Overlay = st.overlay
		o.Fixes = true
		var results []*FileResult
		sum, err := Run(ctx, o, func(r *FileResult) { results = append(results, r) })
		if err != nil {
			return nil, nil, err
		}
		done := round == MaxFixRounds
		if !done {
			all := append([]report.Finding(nil), sum.Findings...)
			for _, r := range results {
				all = append(all, r.Findings...)
			}
			if choose != nil {
				all = choose(st.onDisk(all, sum.Sources))
			}
			if st.apply(all, sum.Sources) {
				st.res.Rounds++
				continue
			}
		}
		for _, r := range results {
			sink(r)
		}
		for _, f := range st.files {
			if !bytes.Equal(f.Old, f.New) {
				st.res.Files = append(st.res.Files, *f)
			}
		}
		sort.Slice(st.res.Files, func(i, j int) bool { return st.res.Files[i].Path < st.res.Files[j].Path })
		return sum, st.res, nil
	}
}

type fixState struct {
	opt     Options
	overlay map[string][]byte     // absolute path → current content
	files   map[string]*FixedFile // physical key → file
	res     *FixResult
	refused map[string]bool // physical keys of the files that cannot be fixed
}

// refuse records that the file of key cannot be fixed: its edits are
// dropped in this round and every later one.
func (st *fixState) refuse(key string, err error) {
	if st.refused == nil {
		st.refused = map[string]bool{}
	}
	if !st.refused[key] {
		st.refused[key] = true
		st.res.Errors = append(st.res.Errors, err)
	}
	if f := st.files[key]; f != nil {
		delete(st.overlay, absClean(f.OSPath)) // later rounds see the disk again
	}
	delete(st.files, key)
}

// physical is the identity of the file at path: its absolute path with
// symlinks resolved.
func physical(path string) string {
	abs := absClean(path)
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// onDisk returns the findings with the lines of the files fixed in
// earlier rounds mapped back to the lines of those files on disk, for
// choose: --new-from-rev compares with the file on disk.
func (st *fixState) onDisk(findings []report.Finding, sources map[string]Source) []report.Finding {
	maps := map[string][]int{}
	out := make([]report.Finding, len(findings))
	for i, f := range findings {
		out[i] = f
		if f.Path == "" || f.Line < 1 {
			continue
		}
		lm, ok := maps[f.Path]
		if !ok {
			osPath := filepath.FromSlash(f.Path)
			if src, known := sources[f.Path]; known {
				osPath = src.OSPath
			}
			if file := st.files[physical(osPath)]; file != nil && !bytes.Equal(file.Old, file.New) {
				o, err1 := parser.Decode(file.Path, file.Old)
				n, err2 := parser.Decode(file.Path, file.New)
				if err1 == nil && err2 == nil {
					lm = udiff.LineMap([]byte(o.Text), []byte(n.Text))
				}
			}
			maps[f.Path] = lm
		}
		if lm == nil {
			continue
		}
		if f.Line <= len(lm) {
			out[i].Line = lm[f.Line-1]
		}
		if f.EndLine >= 1 && f.EndLine <= len(lm) {
			out[i].EndLine = max(lm[f.EndLine-1], out[i].Line)
		}
	}
	return out
}

type pending struct {
	file   *FixedFile
	names  map[string]bool // absolute paths it was read by
	edits  []rules.Edit
	owners []int // finding index of each edit
}

// apply applies one round of fixes; it reports whether any file changed.
func (st *fixState) apply(findings []report.Finding, sources map[string]Source) bool {
	byKey := map[string]*pending{}
	var keys []string
	for i, f := range findings {
		if f.Fix == nil || len(f.Fix.Edits) == 0 || f.Path == "" {
			continue
		}
		osPath := filepath.FromSlash(f.Path)
		src, known := sources[f.Path]
		if known {
			osPath = src.OSPath
		}
		key := physical(osPath)
		if st.refused[key] {
			continue
		}
		p := byKey[key]
		if p == nil {
			file := st.files[key]
			if file == nil {
				if !known {
					continue // its bytes cannot be checked against what was analyzed
				}
				// read as the analysis did (a regular file, no blocking
				// open), no more than its size then: a longer file changed
				data, err := fsread.ReadFile(osPath, src.Size)
				if err != nil && !errors.Is(err, fsread.ErrTooLarge) {
					var fe *fsread.Error
					if errors.As(err, &fe) {
						err = errors.New(fe.Msg)
					}
					st.refuse(key, fmt.Errorf("%s: not fixed: %w", f.Path, cleanErr(err)))
					continue
				}
				if err != nil || int64(len(data)) != src.Size || maphash.Bytes(hashSeed, data) != src.Hash {
					st.refuse(key, fmt.Errorf("%s: not fixed: the file changed on disk since it was read", f.Path))
					continue
				}
				info, err := os.Stat(osPath)
				if err != nil {
					st.refuse(key, fmt.Errorf("%s: not fixed: %w", f.Path, cleanErr(err)))
					continue
				}
				file = &FixedFile{Path: f.Path, OSPath: osPath, Old: data, New: data, Perm: info.Mode().Perm()}
				st.files[key] = file
			}
			p = &pending{file: file, names: map[string]bool{}}
			byKey[key] = p
			keys = append(keys, key)
		}
		p.names[absClean(osPath)] = true
		for _, ed := range f.Fix.Edits {
			p.edits = append(p.edits, rules.Edit{Start: ed.StartOffset, End: ed.EndOffset, New: ed.NewText})
			p.owners = append(p.owners, i)
		}
	}
	sort.Strings(keys)
	changed := false
	for _, key := range keys {
		p := byKey[key]
		file := p.file
		decoded, err := parser.Decode(file.Path, file.New)
		if err != nil {
			st.refuse(key, fmt.Errorf("%s: not fixed: %w", file.Path, err))
			continue
		}
		// identical edits (one fix reported twice) apply once; the order
		// is fixed, whatever order the findings came in
		idx := make([]int, len(p.edits))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool {
			x, y := p.edits[idx[a]], p.edits[idx[b]]
			if x.Start != y.Start {
				return x.Start < y.Start
			}
			if x.End != y.End {
				return x.End < y.End
			}
			if x.New != y.New {
				return x.New < y.New
			}
			return findings[p.owners[idx[a]]].RuleID < findings[p.owners[idx[b]]].RuleID
		})
		var edits []rules.Edit
		var owners [][]int // findings of each distinct edit
		for _, i := range idx {
			ed := p.edits[i]
			if n := len(edits); n > 0 && edits[n-1] == ed {
				owners[n-1] = append(owners[n-1], p.owners[i])
				continue
			}
			edits = append(edits, ed)
			owners = append(owners, []int{p.owners[i]})
		}
		text, skippedEdits := rules.ApplyEdits(decoded.Text, edits)
		if text == decoded.Text {
			continue
		}
		out, err := decoded.Encode(text)
		if err != nil {
			st.refuse(key, fmt.Errorf("%s: not fixed: %w", file.Path, err))
			continue
		}
		skipped := map[int]bool{} // findings with an edit that overlapped another
		for _, e := range skippedEdits {
			for _, i := range owners[e] {
				skipped[i] = true
			}
		}
		counted := map[int]bool{}
		for _, ows := range owners {
			for _, i := range ows {
				if !skipped[i] && !counted[i] {
					counted[i] = true
					st.res.Applied[findings[i].RuleID]++
					if file.Applied == nil {
						file.Applied = map[string]int{}
					}
					file.Applied[findings[i].RuleID]++
				}
			}
		}
		file.New = out
		for name := range p.names {
			st.overlay[name] = out
		}
		st.overlay[absClean(file.OSPath)] = out
		changed = true
	}
	return changed
}

// WriteFixed writes the fixed files, each once, and returns the display
// paths written. A file whose bytes on disk are no longer the ones read
// is not written: its error is in the joined error, and the other files
// are still written.
func WriteFixed(files []FixedFile) (written []string, err error) {
	var errs []error
	for _, f := range files {
		// Read as the run did (a regular file, no blocking open), and no
		// more than what was read: a longer file has changed.
		now, rerr := fsread.ReadFile(f.OSPath, int64(len(f.Old)))
		if rerr != nil && !errors.Is(rerr, fsread.ErrTooLarge) {
			var fe *fsread.Error
			if errors.As(rerr, &fe) {
				rerr = errors.New(fe.Msg)
			}
			errs = append(errs, fmt.Errorf("%s: not fixed: %w", f.Path, cleanErr(rerr)))
			continue
		}
		if rerr != nil || !bytes.Equal(now, f.Old) {
			errs = append(errs, fmt.Errorf("%s: not fixed: the file changed on disk since it was read", f.Path))
			continue
		}
		if werr := writeFixedFile(f); werr != nil {
			errs = append(errs, fmt.Errorf("%s: not fixed: %w", f.Path, werr))
			continue
		}
		written = append(written, f.Path)
	}
	return written, errors.Join(errs...)
}

// writeFixedFile is the one place a fix is written: through a symlink to
// its target, keeping hard links, owner and mode, and only if the file
// still holds what was read (internal/safewrite).
func writeFixedFile(f FixedFile) error {
	return safewrite.WriteFile(f.OSPath, f.Old, f.New)
}

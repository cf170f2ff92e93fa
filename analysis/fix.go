package analysis

import (
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"sort"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// FixPlan is the new content of one file with fixes.
type FixPlan struct {
	Path     string // display path, as in the findings
	OSPath   string
	Old, New []byte
	Perm     os.FileMode
	Fixed    []int // indexes in the findings given to PlanFixes of the findings it fixes
}

// PlanFixes re-reads every file with a fix, checks that its bytes are the
// ones analyzed (sources from Summary.Sources), applies the edits that do
// not overlap and encodes the result in the file's own encoding. Files
// whose fixes change nothing are left out. Plans are sorted by path.
func PlanFixes(findings []report.Finding, sources map[string]Source) ([]FixPlan, error) {
	byPath := map[string][]int{}
	for i, f := range findings {
		if f.Fix == nil || len(f.Fix.Edits) == 0 {
			continue
		}
		if _, ok := sources[f.Path]; ok {
			byPath[f.Path] = append(byPath[f.Path], i)
		}
	}
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var plans []FixPlan
	for _, path := range paths {
		src := sources[path]
		data, err := os.ReadFile(src.OSPath)
		if err != nil {
			return nil, fmt.Errorf("%s: cannot fix: %w", path, cleanErr(err))
		}
		if int64(len(data)) != src.Size || maphash.Bytes(hashSeed, data) != src.Hash {
			return nil, fmt.Errorf("%s: cannot fix: the file changed on disk since it was read", path)
		}
		info, err := os.Stat(src.OSPath)
		if err != nil {
			return nil, fmt.Errorf("%s: cannot fix: %w", path, cleanErr(err))
		}
		file, err := parser.Decode(path, data)
		if err != nil {
			return nil, fmt.Errorf("%s: cannot fix: %w", path, err)
		}
		var edits []rules.Edit
		var owner []int // the finding of each edit
		for _, i := range byPath[path] {
			for _, ed := range findings[i].Fix.Edits {
				edits = append(edits, rules.Edit{Start: ed.StartOffset, End: ed.EndOffset, New: ed.NewText})
				owner = append(owner, i)
			}
		}
		text, skippedEdits := rules.ApplyEdits(file.Text, edits)
		if text == file.Text {
			continue
		}
		skipped := map[int]bool{} // findings with an edit that overlapped another
		for _, e := range skippedEdits {
			skipped[owner[e]] = true
		}
		out, err := file.Encode(text)
		if err != nil {
			return nil, fmt.Errorf("%s: cannot fix: %w", path, err)
		}
		plan := FixPlan{Path: path, OSPath: src.OSPath, Old: data, New: out, Perm: info.Mode().Perm()}
		for _, i := range byPath[path] {
			if !skipped[i] {
				plan.Fixed = append(plan.Fixed, i)
			}
		}
		plans = append(plans, plan)
	}
	return plans, nil
}

// WriteFixes writes every plan; it stops at the first error.
func WriteFixes(plans []FixPlan) error {
	for _, p := range plans {
		if err := WriteFile(p.OSPath, p.New, p.Perm); err != nil {
			return err
		}
	}
	return nil
}

// ApplyFixes plans and writes the fixes of findings, and returns the
// findings not fixed and how many were.
func ApplyFixes(findings []report.Finding, sources map[string]Source) ([]report.Finding, int, error) {
	plans, err := PlanFixes(findings, sources)
	if err != nil {
		return nil, 0, err
	}
	if err := WriteFixes(plans); err != nil {
		return nil, 0, err
	}
	fixed := map[int]bool{}
	for _, p := range plans {
		for _, i := range p.Fixed {
			fixed[i] = true
		}
	}
	var rest []report.Finding
	for i, f := range findings {
		if !fixed[i] {
			rest = append(rest, f)
		}
	}
	return rest, len(fixed), nil
}

// WriteFile is the one place sqllint writes a file: it writes data to a
// temporary file beside path and renames it over path, so a crash never
// leaves a half-written file.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".sqllint-*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, cleanErr(err))
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, perm)
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %w", path, cleanErr(werr))
	}
	return nil
}

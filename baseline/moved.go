package baseline

import (
	"os"
	"path"
	"path/filepath"
	"slices"
)

// moved returns the findings (indexes into keys, of those in rest that no
// entry matched) that the entries of a renamed or moved file hide. The
// entries of a file the baseline names that no longer exists go with a
// file the baseline does not name when every one of them matches a
// finding of that file by rule, fingerprint and occurrence: git mv
// V1.sql V001.sql, or a folder moved, keeps its old findings hidden; a
// finding the renamed file has in addition is new. Among the files gone
// that fit, the one with the most entries goes with it, then one of the
// same name.
func (b *Baseline) moved(keys []Entry, rest []int, used map[Entry]bool) map[int]bool {
	if len(rest) == 0 {
		return nil // every finding matched (the language server: each edit)
	}
	named := make(map[string]bool, len(b.Entries))
	for _, e := range b.Entries {
		named[e.File] = true
	}
	// the unmatched findings of the files the baseline does not name, by
	// file, keyed without the file
	var files []string
	byFile := map[string]map[Entry]int{}
	for _, i := range rest {
		k := keys[i]
		if k.File == "" || named[k.File] {
			continue
		}
		m := byFile[k.File]
		if m == nil {
			m = map[Entry]int{}
			byFile[k.File] = m
			files = append(files, k.File)
		}
		k.File = ""
		m[k] = i
	}
	if len(files) == 0 {
		return nil
	}
	// the entries of the files gone, keyed without the file
	gone := map[string][]Entry{}
	var goneFiles []string
	exists := map[string]bool{}
	for _, e := range b.Entries {
		if used[e] || e.File == "" {
			continue
		}
		ok, seen := exists[e.File]
		if !seen {
			ok = b.fileExists(e.File)
			exists[e.File] = ok
			if !ok {
				goneFiles = append(goneFiles, e.File)
			}
		}
		if !ok {
			k := e
			k.File = ""
			gone[e.File] = append(gone[e.File], k)
		}
	}
	if len(goneFiles) == 0 {
		return nil
	}
	// the files gone by name, and by their first entry (a file that fits
	// holds it), each list in the baseline's order
	byBase := map[string][]string{}
	byFirst := map[Entry][]string{}
	for _, g := range goneFiles {
		byBase[path.Base(g)] = append(byBase[path.Base(g)], g)
		byFirst[gone[g][0]] = append(byFirst[gone[g][0]], g)
	}
	taken := map[string]bool{}
	hidden := map[int]bool{}
	for _, f := range files {
		m := byFile[f]
		// a file of the same name first (a folder moved), else any (a
		// file renamed), the one with the most entries, the first
		best := pick(byBase[path.Base(f)], gone, m, taken)
		if best == "" {
			var firsts []Entry
			for k := range m {
				list := byFirst[k]
				for len(list) > 0 && taken[list[0]] {
					list = list[1:] // taken in order: skipped once
				}
				if byFirst[k] = list; len(list) > 0 {
					firsts = append(firsts, k)
				}
			}
			slices.SortFunc(firsts, func(a, b Entry) int {
				if a.less(b) {
					return -1
				}
				return 1
			})
			var cands []string
			for _, k := range firsts {
				cands = append(cands, byFirst[k][:min(len(byFirst[k]), maxCandidates)]...)
			}
			best = pick(cands, gone, m, taken)
		}
		if best != "" {
			taken[best] = true
			for _, k := range gone[best] {
				hidden[m[k]] = true
				k.File = best
				used[k] = true // not stale
			}
		}
	}
	return hidden
}

// maxCandidates bounds the files gone that a renamed file is compared
// with, in the baseline's order: a run that renames every file of a large
// repository stays linear.
const maxCandidates = 1000

// pick is the first of cands, not taken, with the most entries, whose
// every entry matches one of m.
func pick(cands []string, gone map[string][]Entry, m map[Entry]int, taken map[string]bool) string {
	best := ""
	n := 0
	for _, g := range cands {
		if n++; n > maxCandidates {
			break
		}
		if taken[g] || best != "" && len(gone[g]) <= len(gone[best]) {
			continue
		}
		if fits(gone[g], m) {
			best = g
		}
	}
	return best
}

// fits reports whether every entry matches one of m.
func fits(entries []Entry, m map[Entry]int) bool {
	for _, k := range entries {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// fileExists reports whether the file of an entry (relative to the
// baseline's folder) is a regular file.
func (b *Baseline) fileExists(file string) bool {
	p := filepath.FromSlash(file)
	if !filepath.IsAbs(p) {
		p = filepath.Join(b.Dir, p)
	}
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

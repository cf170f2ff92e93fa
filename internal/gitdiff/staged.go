package gitdiff

import (
	"bytes"
	"path/filepath"
	"strings"
)

// Staged is what a commit would hold, for a plain .git/hooks/pre-commit
// script: the pre-commit framework sets aside the changes that are not
// staged before it runs a hook (git add -p), a plain hook does not, and
// the work tree then holds lines the commit does not.
type Staged struct {
	// Root is the repository's top folder, symbolic links resolved.
	Root string
	// Names are the scripts (.sql, any case) the index adds, copies,
	// modifies or renames against HEAD, as a scan of the top finds them
	// (no hidden name: .scratch.sql, .vscode/x.sql): absolute, under the
	// top as reached from the folder given.
	Names []string
	// Overlay maps the absolute path of each file whose work-tree copy
	// differs from the index (changed or deleted since git add) to the
	// index's content.
	Overlay map[string][]byte
}

// ReadStaged reads the staged state of the repository that holds dir.
// The index is the one git's environment names (GIT_INDEX_FILE in a
// hook: git commit -a and git commit PATH commit a temporary index).
func ReadStaged(dir string) (*Staged, error) {
	root, err := repoRoot(dir)
	if err != nil {
		return nil, err
	}
	top := spelledTop(dir, root)
	st := &Staged{Root: root, Overlay: map[string][]byte{}}
	out, err := git(root, "diff", "--cached", "-z", "--name-only", "--no-renames", "--diff-filter=ACM", "--ignore-submodules=all", "--no-ext-diff")
	if err != nil {
		return nil, err
	}
	for _, name := range splitZ(out) {
		if strings.EqualFold(filepath.Ext(name), ".sql") && !hiddenName(name) {
			st.Names = append(st.Names, filepath.Join(top, filepath.FromSlash(name)))
		}
	}
	out, err = git(root, append(noRepoFilters(root), "diff", "-z", "--name-only", "--no-renames", "--ignore-submodules=all", "--no-ext-diff")...)
	if err != nil {
		return nil, err
	}
	for _, name := range splitZ(out) {
		// the stage spelled out: ":0:x.sql" alone would be stage 0 of x.sql
		data, err := git(root, "cat-file", "blob", ":0:"+name)
		if err != nil {
			continue // unmerged (no stage 0), or not in the index: the work tree's
		}
		st.Overlay[filepath.Join(top, filepath.FromSlash(name))] = data
		if r := filepath.Join(root, filepath.FromSlash(name)); r != filepath.Join(top, filepath.FromSlash(name)) {
			st.Overlay[r] = data
		}
	}
	return st, nil
}

// spelledTop is the repository's top as reached from dir (through the
// symbolic links the current folder's path holds), which is how the
// paths of a run are spelled; root, symlinks resolved, when it is not
// above dir's path.
func spelledTop(dir, root string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return root
	}
	resolved, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return root
	}
	rel, err := filepath.Rel(root, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return root
	}
	top := abs
	if rel != "." {
		for range strings.Split(rel, string(filepath.Separator)) {
			top = filepath.Dir(top)
		}
	}
	if r, err := filepath.EvalSymlinks(top); err != nil || r != root {
		return root
	}
	return top
}

func splitZ(out []byte) []string {
	var names []string
	for _, b := range bytes.Split(out, []byte{0}) {
		if len(b) > 0 {
			names = append(names, string(b))
		}
	}
	return names
}

// hiddenName reports whether a slash path from the top has a hidden name
// (one that starts with "."), which a folder walk leaves out.
func hiddenName(name string) bool {
	return strings.HasPrefix(name, ".") || strings.Contains(name, "/.")
}

package gitdiff

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
)

// Tracked tells whether a file is one git does not ignore: in git's
// index (tracked, or staged as new) or untracked and not matched by an
// ignore rule (.gitignore, .git/info/exclude, core.excludesFile). A
// pre-commit hook names the staged scripts and sqllint reads the rest of
// the repository as context; a git-ignored backup folder or local
// scratch area is no part of the project and must not change its
// findings. An untracked script that git does not ignore stays context:
// it is most often a migration not added yet (a developer committing V2
// before V1, or a scan run before the first git add), and the folder
// scan of the same tree reads it.
//
// A file outside any repository is tracked (there is nothing to compare
// with), and so is every file of a repository whose top is the home folder
// or the file system's root (a dotfiles repository must not hide a
// project below it that is no repository of its own) or whose index git
// cannot list (git missing, a repository git refuses): then nothing is
// left out. The index is the one git's environment names
// (GIT_INDEX_FILE: the temporary index of git commit -a or git commit
// PATH, in a hook).
//
// It is safe for concurrent use; each repository's index is listed once.
type Tracked struct {
	mu    sync.Mutex
	home  string
	cwd   string                     // the current folder, for relative paths ("" unknown)
	top   map[string]string          // folder -> its repository's top ("" none)
	files map[string]map[string]bool // top -> absolute paths (nil: no filter)
}

// NewTracked returns an empty Tracked.
func NewTracked() *Tracked {
	home, _ := os.UserHomeDir()
	cwd, _ := os.Getwd()
	return &Tracked{home: home, cwd: cwd, top: map[string]string{}, files: map[string]map[string]bool{}}
}

// Has reports whether path is tracked (see Tracked). A relative path is
// taken from the current folder when t was made (a run's paths do not
// change folder; filepath.Abs asks the system for every file).
func (t *Tracked) Has(path string) bool {
	var abs string
	switch {
	case filepath.IsAbs(path):
		abs = filepath.Clean(path)
	case t.cwd != "":
		abs = filepath.Join(t.cwd, path)
	default:
		var err error
		if abs, err = filepath.Abs(path); err != nil {
			return true
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	top := t.topOf(filepath.Dir(abs))
	if top == "" {
		return true
	}
	set, ok := t.files[top]
	if !ok {
		set = t.list(top)
		t.files[top] = set
	}
	return set == nil || set[abs]
}

// topOf is the folder at or above dir that holds .git ("" when none, or
// when it is the home folder or the root).
func (t *Tracked) topOf(dir string) string {
	if top, ok := t.top[dir]; ok {
		return top
	}
	top := ""
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		top = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		top = t.topOf(parent)
	}
	if top != "" && (top == t.home || filepath.Dir(top) == top) {
		top = ""
	}
	t.top[dir] = top
	return top
}

// list is the absolute paths of the files of the repository whose work
// tree top is top that git does not ignore (in its index, or untracked
// and not ignored); nil when git cannot tell, or when git's
// environment names another repository (GIT_DIR in a hook of a
// superproject, top a submodule).
func (t *Tracked) list(top string) map[string]bool {
	out, err := git(top, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil
	}
	got, err := filepath.EvalSymlinks(string(bytes.TrimSpace(out)))
	if err != nil {
		return nil
	}
	if want, err := filepath.EvalSymlinks(top); err != nil || want != got {
		return nil
	}
	out, err = git(top, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--full-name")
	if err != nil {
		return nil
	}
	set := map[string]bool{}
	for _, name := range splitZ(out) {
		set[filepath.Join(top, filepath.FromSlash(name))] = true
	}
	return set
}

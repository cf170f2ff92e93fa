// Package gitdiff tells which lines changed since a git revision, for
// --new-from-rev and --new-from-merge-base: only findings on lines added
// or changed since then are reported, as golangci-lint does.
//
// It runs git: "git diff -U0 REV --" in the repository (the work tree
// against REV, staged or not, and the scripts of its submodules), plus
// untracked files (not ignored) as wholly new. Tracked lists the files of
// a repository that git does not ignore, the context of a pre-commit hook.
package gitdiff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Changes are the lines added or changed in a repository since a
// revision.
type Changes struct {
	Root string // absolute, symlinks resolved: the repository's top folder
	Rev  string // the revision compared against, as resolved (a commit)
	// files maps a slash path relative to Root to its changed lines; a
	// nil set means every line (an untracked or added file).
	files map[string]lineSet

	mu sync.Mutex
	// texts are the files' texts SetText gave, by the same paths
	texts map[string][]byte
	// lines tells how the lines of each file asked about lie on git's
	// (nil: they are git's), by the same paths; see gitLinesOf
	lines map[string]*gitLines
	// untrackedDirs are the folders git lists as untracked whole (a
	// repository inside the work tree that is no submodule: "vendor/x/"),
	// slash paths relative to Root ending with "/": their files are new.
	untrackedDirs []string
}

type lineSet []span // sorted, non-overlapping [from, to] (1-based)

type span struct{ from, to int }

// add adds line n, after every line the set holds.
func (s lineSet) add(n int) lineSet {
	if k := len(s); k > 0 && s[k-1].to == n-1 {
		s[k-1].to = n
		return s
	}
	return append(s, span{n, n})
}

// git runs git in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := gitCommand(dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, gitError(err, &stderr)
	}
	return out, nil
}

// safeConfig is the configuration every git command sqllint runs is
// given. core.fsmonitor names a command git runs to list the changed
// files (git status, git diff, git ls-files): a repository's own
// .git/config (an unpacked archive, a checked-out artifact) must not
// run a program because sqllint reads the repository.
var safeConfig = []string{"-c", "core.quotepath=off", "-c", "core.fsmonitor=false"}

func gitCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("git", append(slices.Clip(safeConfig), args...)...)
	cmd.Dir = dir
	cmd.Env = append(gitEnv(), "LC_ALL=C", "GIT_OPTIONAL_LOCKS=0")
	return cmd
}

// gitError is the error of a git command: the first line of what git
// said, or that git could not be started.
func gitError(err error, stderr *bytes.Buffer) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		all := strings.TrimSpace(stderr.String())
		msg, rest, _ := strings.Cut(all, "\n")
		if strings.Contains(msg, "dubious ownership") {
			// a repository of another user (a CI container's
			// checkout): what to run to trust it is on a later line
			for _, l := range strings.Split(rest, "\n") {
				if l = strings.TrimSpace(l); strings.HasPrefix(l, "git config ") {
					msg += "; to trust it: " + l
					break
				}
			}
		}
		return errors.New(strings.TrimPrefix(msg, "fatal: "))
	}
	return fmt.Errorf("%w: %w", errCannotRun, err)
}

// gitDiff runs git diff in dir and parses its output as git writes it: a
// change that adds 100 MB of scripts is 100 MB of diff, which held whole
// took 380 MB of memory.
func gitDiff(dir string, args ...string) (map[string]lineSet, error) {
	cmd := gitCommand(dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, gitError(err, &stderr)
	}
	files, perr := ParseReader(out)
	if perr != nil {
		_, _ = io.Copy(io.Discard, out) // let git finish
	}
	if err := cmd.Wait(); err != nil {
		return nil, gitError(err, &stderr)
	}
	return files, perr
}

// errCannotRun is the error of a git that could not be started (not
// installed, not in PATH).
var errCannotRun = errors.New("cannot run git")

// gitPathVars are the variables whose relative paths git reads from the
// folder it starts in.
var gitPathVars = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR"}

// gitEnv is the environment git runs in: the process's, made to mean
// from the folder git runs in (a script's, the repository's top) what it
// means from the current folder. Relative paths in git's variables are
// made absolute. With GIT_DIR set and no GIT_WORK_TREE, git takes the
// folder it starts in for the top of the work tree: git exports GIT_DIR
// alone to the hooks of a linked worktree (git worktree add), so a hook
// checking db/V2.sql would compare the folder db with the revision, every
// line of the script new. The work tree is then the one git finds from
// the current folder, as a git command the hook ran would.
func gitEnv() []string {
	env := os.Environ()
	for i, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if v != "" && !filepath.IsAbs(v) && slices.Contains(gitPathVars, k) {
			if abs, err := filepath.Abs(v); err == nil {
				env[i] = k + "=" + abs
			}
		}
	}
	if os.Getenv("GIT_DIR") != "" && os.Getenv("GIT_WORK_TREE") == "" {
		cmd := exec.Command("git", append(slices.Clip(safeConfig), "rev-parse", "--show-toplevel")...)
		cmd.Env = append(env, "LC_ALL=C", "GIT_OPTIONAL_LOCKS=0")
		if out, err := cmd.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
			env = append(env, "GIT_WORK_TREE="+string(bytes.TrimSpace(out)))
		}
	}
	return env
}

// noRepoFilters is the -c options that turn off the filter drivers
// (filter.NAME.clean and .process, which .gitattributes assigns to
// files) that the repository's own config (.git/config and what it
// includes, config.worktree) sets: git runs a file's clean filter when
// it compares the work tree's copy with the index or a commit (git
// diff), and a hostile repository must not run a program because
// sqllint reads it. The user's global and system config are the
// user's own (git lfs install) and stay. Each option list is a fresh
// slice, for append.
func noRepoFilters(root string) []string {
	var keys []string
	out, err := git(root, "config", "-z", "--show-scope", "--name-only", "--get-regexp", `^filter\.`)
	if err != nil && err.Error() != "" {
		// a git older than 2.26 (no --show-scope): .git/config's own
		out, err = git(root, "config", "-z", "--local", "--includes", "--name-only", "--get-regexp", `^filter\.`)
		keys = splitZ(out)
	} else {
		fields := splitZ(out)
		for i := 0; i+1 < len(fields); i += 2 {
			if fields[i] == "local" || fields[i] == "worktree" {
				keys = append(keys, fields[i+1])
			}
		}
	}
	if err != nil {
		return nil // none set (exit 1, nothing said)
	}
	var off []string
	for _, key := range keys {
		switch {
		case strings.HasSuffix(key, ".clean"), strings.HasSuffix(key, ".smudge"), strings.HasSuffix(key, ".process"):
			off = append(off, "-c", key+"=")
		case strings.HasSuffix(key, ".required"):
			off = append(off, "-c", key+"=false")
		}
	}
	return slices.Clip(off)
}

// maxSubmoduleDepth bounds how deep noFilters looks into submodules of
// submodules.
const maxSubmoduleDepth = 8

// noFilters is noRepoFilters of the repository at root, whose listing is
// l, and of the submodules checked out in it, nested ones included (to
// depth): git diff --submodule=diff compares a submodule's work tree as
// well, in the submodule with its own config, and the -c options reach
// the git it runs there (GIT_CONFIG_PARAMETERS).
func (t *Tracked) noFilters(root string, l *listing, depth int) []string {
	off := noRepoFilters(root)
	if depth == 0 || l == nil {
		return off
	}
	for _, name := range l.gitlinks {
		sub := filepath.Join(root, filepath.FromSlash(name))
		if _, err := os.Lstat(filepath.Join(sub, ".git")); err != nil {
			continue // not checked out
		}
		if r, err := filepath.EvalSymlinks(sub); err == nil {
			sl, _ := t.listed(r)
			off = append(off, t.noFilters(r, sl, depth-1)...)
		}
	}
	return slices.Clip(off)
}

// repoRoot is the top folder of the repository that holds dir.
func repoRoot(dir string) (string, error) {
	out, err := git(dir, "rev-parse", "--show-toplevel")
	if errors.Is(err, errCannotRun) {
		return "", err // not a fact about dir
	}
	if err != nil {
		where := dir
		if abs, aerr := filepath.Abs(dir); aerr == nil {
			where = abs // "." names no folder in a message
		}
		if strings.Contains(err.Error(), "not a git repository") {
			// git's own words would only repeat ours
			return "", fmt.Errorf("%s is not in a git repository", where)
		}
		if strings.Contains(err.Error(), "dubious ownership") {
			return "", fmt.Errorf("git refuses the repository of %s: %w", where, err)
		}
		return "", fmt.Errorf("%s is not in a git repository (%w)", where, err)
	}
	root := strings.TrimSpace(string(out))
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	return root, nil
}

// resolve returns the commit rev names.
func resolve(root, rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%q is not a revision", rev)
	}
	out, err := git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if noCommits(root) {
			// no history to fetch: the shallow clone hint would mislead
			return "", fmt.Errorf("unknown revision %q in the repository %s: it has no commits yet", rev, root)
		}
		return "", fmt.Errorf("unknown revision %q in the repository %s (in a shallow clone, fetch more history: fetch-depth: 0)", rev, root)
	}
	return strings.TrimSpace(string(out)), nil
}

// noCommits reports whether the repository at root holds no commit at all
// (git init, nothing committed): not on its current branch, nor on any
// other.
func noCommits(root string) bool {
	out, err := git(root, "rev-list", "-n", "1", "--all")
	return err == nil && len(bytes.TrimSpace(out)) == 0
}

// Since returns the lines changed in the repository that holds dir since
// revision rev.
func Since(dir, rev string) (*Changes, error) { return NewTracked().Since(dir, rev) }

// SinceMergeBase returns the lines changed in the repository that holds
// dir since the merge base of HEAD and ref: what a pull request from HEAD
// into ref changes.
func SinceMergeBase(dir, ref string) (*Changes, error) { return NewTracked().SinceMergeBase(dir, ref) }

// Since is Since with the repository's files listed by t, which a run's
// Has shares.
func (t *Tracked) Since(dir, rev string) (*Changes, error) {
	root, err := repoRoot(dir)
	if err != nil {
		return nil, err
	}
	commit, err := resolve(root, rev)
	if err != nil {
		return nil, err
	}
	return t.diff(root, commit)
}

// SinceMergeBase is SinceMergeBase with the repository's files listed by
// t.
func (t *Tracked) SinceMergeBase(dir, ref string) (*Changes, error) {
	root, err := repoRoot(dir)
	if err != nil {
		return nil, err
	}
	commit, err := resolve(root, ref)
	if err != nil {
		return nil, err
	}
	out, err := git(root, "merge-base", commit, "HEAD")
	if err != nil {
		return nil, fmt.Errorf("no merge base of %q and HEAD in %s (in a shallow clone, fetch more history: fetch-depth: 0)", ref, root)
	}
	return t.diff(root, strings.TrimSpace(string(out)))
}

func (t *Tracked) diff(root, commit string) (*Changes, error) {
	c := &Changes{Root: root, Rev: commit}
	t.mu.Lock()
	l, err := t.listed(root)
	off := t.noFilters(root, l, maxSubmoduleDepth)
	t.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	c.files, err = gitDiff(root, append(off, "diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "--submodule=diff", "--src-prefix=a/", "--dst-prefix=b/", commit, "--")...)
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", commit, err)
	}
	if err := c.addBinaryScripts(commit, off); err != nil {
		return nil, err
	}
	for _, p := range l.untracked {
		if strings.HasSuffix(p, "/") {
			c.untrackedDirs = append(c.untrackedDirs, p)
			continue
		}
		c.files[p] = nil
	}
	return c, nil
}

// addBinaryScripts adds the changed lines of the scripts git takes for
// binary files, of which git diff prints no hunk ("Binary files ...
// differ"): UTF-16 scripts, as SSMS saves them, and scripts that
// .gitattributes marks binary. They are compared again with --text: a
// line break is the byte 0x0A in UTF-16 of either byte order, so git's
// lines are the decoded text's lines. Only scripts (a .sql name or a
// UTF-16 byte order mark) are, not the other binary files of the change.
// off turns the repository's filters off (noRepoFilters).
func (c *Changes) addBinaryScripts(commit string, off []string) error {
	num, err := git(c.Root, append(off, "diff", "--numstat", "-z", "--no-color", "--no-ext-diff", "--no-textconv", "-M", commit, "--")...)
	if err != nil {
		return fmt.Errorf("git diff %s: %w", commit, err)
	}
	var specs []string
	fields := bytes.Split(num, []byte{0})
	for i := 0; i < len(fields); i++ {
		// "added<TAB>deleted<TAB>path", or for a rename
		// "added<TAB>deleted<TAB>", then the old and the new path
		parts := strings.SplitN(string(fields[i]), "\t", 3)
		if len(parts) != 3 {
			continue
		}
		paths := []string{parts[2]}
		if parts[2] == "" {
			if i+2 >= len(fields) {
				break
			}
			paths = []string{string(fields[i+1]), string(fields[i+2])}
			i += 2
		}
		if parts[0] == "-" && parts[1] == "-" && isScript(filepath.Join(c.Root, filepath.FromSlash(paths[len(paths)-1]))) {
			for _, p := range paths {
				specs = append(specs, ":(literal)"+p)
			}
		}
	}
	if len(specs) == 0 {
		return nil
	}
	args := append(append(off, "diff", "-U0", "--text", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "--src-prefix=a/", "--dst-prefix=b/", commit, "--"), specs...)
	files, err := gitDiff(c.Root, args...)
	if err != nil {
		return fmt.Errorf("git diff %s: %w", commit, err)
	}
	for p, lines := range files {
		c.files[p] = lines
	}
	return nil
}

// isScript reports whether the file at path is a script whose lines
// findings name: a .sql name, or text in UTF-16 with a byte order mark.
func isScript(path string) bool {
	if strings.EqualFold(filepath.Ext(path), ".sql") {
		return true
	}
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return false // never open a pipe or a device
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var bom [2]byte
	if _, err := io.ReadFull(f, bom[:]); err != nil {
		return false
	}
	return bom == [2]byte{0xFF, 0xFE} || bom == [2]byte{0xFE, 0xFF}
}

// Parse reads the output of git diff -U0 (a/ and b/ prefixes) into the
// changed lines of each new file: a nil set for a new file, else the
// lines of each hunk's new side. A deleted file has no entry.
func Parse(out []byte) (map[string]lineSet, error) {
	return ParseReader(bytes.NewReader(out))
}

// ParseReader is Parse reading the diff from r. Of a line longer than
// its buffer (a script's line in a hunk) only the start is read.
func ParseReader(r io.Reader) (map[string]lineSet, error) {
	files := map[string]lineSet{}
	var cur string
	var curSet lineSet
	have := false
	flush := func() {
		if have && cur != "" {
			files[cur] = curSet
		}
		have, cur, curSet = false, "", nil
	}
	br := bufio.NewReaderSize(r, 64*1024)
	newFile := false
	next := 0 // the number of the next line of a hunk's new side
	// header is true between "diff --git" and a file's first hunk: an
	// added line "++ x" of a script reads "+++ x" in a hunk, no file name
	header := false
	for {
		b, err := readLine(br)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("git diff: %w", err)
		}
		if !header && !bytes.HasPrefix(b, []byte("@@ ")) && !bytes.HasPrefix(b, []byte("diff --git ")) {
			// a line of a hunk: the added ones changed (a submodule's
			// diff has lines of context)
			if have && len(b) > 0 {
				switch b[0] {
				case '+':
					curSet = curSet.add(next)
					next++
				case ' ':
					next++
				}
			}
			continue
		}
		line := string(b)
		switch {
		case strings.HasPrefix(line, "diff --git "):
			flush()
			newFile, header = false, true
		case strings.HasPrefix(line, "new file mode"):
			newFile = true
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if name == "/dev/null" {
				continue // deleted
			}
			p, err := unquote(name)
			if err != nil {
				return nil, fmt.Errorf("git diff: file name %s: %w", name, err)
			}
			cur, have = strings.TrimPrefix(p, "b/"), true
			if newFile {
				curSet = nil
				flush()
			} else {
				curSet = lineSet{}
			}
		case strings.HasPrefix(line, "@@ "):
			header = false
			if !have {
				continue // a new or deleted file's
			}
			from, _, err := hunkNew(line)
			if err != nil {
				return nil, fmt.Errorf("git diff: %q: %w", line, err)
			}
			next = from
		}
	}
	flush()
	return files, nil
}

// readLine returns the next line without its line break ("\n", "\r\n"),
// or of a line longer than br's buffer its start, the rest skipped;
// io.EOF after the last line.
func readLine(br *bufio.Reader) ([]byte, error) {
	b, err := br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		start := string(b)
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = br.ReadSlice('\n')
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return []byte(start), nil
	}
	if err != nil && (!errors.Is(err, io.EOF) || len(b) == 0) {
		return nil, err
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r")), nil
}

// hunkNew reads the new side of a hunk header "@@ -a,b +c,d @@".
func hunkNew(line string) (from, n int, err error) {
	i := strings.Index(line, " +")
	if i < 0 {
		return 0, 0, errors.New("no new range")
	}
	rng := line[i+2:]
	if j := strings.IndexByte(rng, ' '); j >= 0 {
		rng = rng[:j]
	}
	a, b, hasCount := strings.Cut(rng, ",")
	if from, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	n = 1
	if hasCount {
		if n, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	return from, n, nil
}

// unquote reads a file name as git writes it: as is, or in double quotes
// with C escapes (octal bytes) when it holds special characters.
// A name with a blank ends in a tab, quoted or not.
func unquote(s string) (string, error) {
	s = strings.TrimSuffix(s, "\t")
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	return strconv.Unquote(s)
}

// rel is path relative to the repository root, slash-separated, or ""
// when it is outside.
func (c *Changes) rel(path string) string { return RelTo(c.Root, path) }

// RelTo is path relative to root (a repository's top, symbolic links
// resolved), slash-separated, or "" when it is outside: the name git
// knows the file at path by (it resolves symbolic links).
func RelTo(root, path string) string {
	abs, err := filepath.Abs(filepath.FromSlash(path))
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	} else if d, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(d, filepath.Base(abs))
	}
	r, err := filepath.Rel(root, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}

// Changed reports whether any line from line to endLine (1-based,
// inclusive) of the file at path changed since the revision. A file the
// diff does not name, or one outside the repository, did not change; an
// untracked one, or one in a folder git lists as untracked whole, is new.
func (c *Changes) Changed(path string, line, endLine int) bool {
	return c.ChangedRel(c.rel(path), line, endLine)
}

// Rel is the name Changed knows the file at path by: its slash path
// relative to the repository's top, or "" outside it. A caller with many
// findings in one file finds it once (it resolves symbolic links).
func (c *Changes) Rel(path string) string { return c.rel(path) }

// ChangedRel is Changed of the file Rel names r.
func (c *Changes) ChangedRel(r string, line, endLine int) bool {
	if r == "" {
		return false
	}
	set, ok := c.files[r]
	if !ok {
		for _, d := range c.untrackedDirs {
			if strings.HasPrefix(r, d) {
				return true
			}
		}
		return false
	}
	if set == nil {
		return true
	}
	if endLine < line {
		endLine = line
	}
	if g := c.gitLinesOf(r); g != nil {
		line, endLine = g.span(line, endLine)
	}
	for _, s := range set {
		if s.from <= endLine && line <= s.to {
			return true
		}
	}
	return false
}

// Files is the number of files with changes.
func (c *Changes) Files() int { return len(c.files) }

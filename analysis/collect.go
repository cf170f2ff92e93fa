package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"maps"
	"math/bits"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unicode/utf8"
	"unsafe"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// input is one file of the run, in run order.
type input struct {
	osPath  string // "" for standard input
	display string
	report  bool  // false for a context file
	err     error // set when the input could not even be listed
	id      fileID
	done    chan *parsed
}

// parsed is one file read and parsed by a worker.
type parsed struct {
	input
	result *parser.Result
	err    error
	size   int64
	hash   uint64
	// mapped is set when the file's text is a mapping of the file
	// (mapFile): strings that outlive the run are copied out of it, and
	// its pages are released as findings are resolved.
	mapped []byte
	// lent is the pool's buffer the file was read into: given back once
	// the file is finished (strings that outlive it are copied out).
	lent []byte
	// held is what the file holds until it is merged (pipeline)
	held int64
}

// matcher is the config's include/exclude decision, computed once.
type matcher struct {
	cfg        *config.Config
	base       string // the config's folder, or the working directory
	cwd        string
	defaultInc bool // include is **/*.sql: the extension decides
	noExclude  bool
	// keep and keepDir, when set, are Options.Filter and FilterDir: a
	// file a walk finds that keep refuses is not checked, a folder
	// keepDir refuses is not entered. whole is the matcher without them
	// for a folder of Paths that keepDir refuses (git ignores it whole:
	// named, it is read whole); nil for Context, whose files named keep
	// decides too and whose folders keepDir refuses are not read.
	keep, keepDir func(string) bool
	whole         *matcher
	// context: the matcher of a walk of Context, which does not name the
	// links to folders it meets (Summary.LinkedFolders): the user did not
	// ask for those folders to be checked.
	context bool
	// used is the set of exclude globs that excluded a path the run met
	// (shared by the copies filtered makes), for a glob that matches
	// nothing to be named (Summary.UnmatchedExcludes).
	used *excludeUse
}

// excludeUse is the set of exclude globs that excluded something.
type excludeUse struct {
	mu   sync.Mutex
	used map[string]bool
	// globs is how many different globs there are (--exclude may repeat
	// one of the config's): when used holds them all, nothing is left
	// to learn
	globs int
}

func newMatcher(cfg *config.Config, cwd string) *matcher {
	m := &matcher{cfg: cfg, base: cfg.Dir, cwd: cwd, noExclude: len(cfg.Exclude) == 0}
	if !m.noExclude {
		globs := map[string]bool{}
		for _, g := range cfg.Exclude {
			globs[g] = true
		}
		m.used = &excludeUse{used: map[string]bool{}, globs: len(globs)}
	}
	if m.base == "" {
		m.base = cwd
	}
	m.base = filepath.Clean(m.base)
	m.defaultInc = len(cfg.Include) == 0 || slices.Equal(cfg.Include, config.DefaultInclude)
	return m
}

// filtered is m with Options.Filter and FilterDir applied: for the walks
// of Paths (whole: m) or of Context (whole: nil).
func (m *matcher) filtered(keep, keepDir func(string) bool, whole *matcher) *matcher {
	f := *m
	f.keep, f.keepDir, f.whole = keep, keepDir, whole
	return &f
}

// rel is path relative to the config's folder, slash-separated; a path
// outside it stays as given.
func (m *matcher) rel(path string) string {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(m.cwd, abs)
	}
	if rel, err := filepath.Rel(m.base, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return displayPath(path)
}

// walked reports whether a file found by walking a folder is checked;
// its callers leave hidden names out first (hidden).
func (m *matcher) walked(path string) bool {
	if m.keep != nil && !m.keep(path) {
		return false
	}
	if m.defaultInc {
		if !isSQL(path) {
			return false
		}
		if m.noExclude {
			return true
		}
	}
	rel := m.rel(path)
	if config.Match(m.cfg, rel, true) {
		return true
	}
	m.excluded(rel)
	return false
}

// skipDir reports whether a walk skips the folder.
func (m *matcher) skipDir(path string) bool {
	if m.keepDir != nil && !m.keepDir(path) {
		return true
	}
	if m.noExclude {
		return false
	}
	rel := m.rel(path)
	if config.SkipDir(m.cfg, rel) {
		m.excluded(rel)
		return true
	}
	return false
}

// named reports whether a file named on the command line is checked.
func (m *matcher) named(path string) bool {
	if m.noExclude {
		return true
	}
	rel := m.rel(path)
	if config.Match(m.cfg, rel, false) {
		return true
	}
	m.excluded(rel)
	return false
}

// excluded notes the exclude globs that match rel, a path the matcher
// refused (an exclude, or an include it does not match), until every
// glob has matched something.
func (m *matcher) excluded(rel string) {
	if m.noExclude {
		return // no glob to note
	}
	u := m.used
	u.mu.Lock()
	defer u.mu.Unlock()
	if len(u.used) == u.globs {
		return
	}
	for _, g := range config.Excluders(m.cfg, rel) {
		u.used[g] = true
	}
}

// unmatchedExcludes is the exclude globs that matched no path the run's
// walks met, in the config's order (Summary.UnmatchedExcludes); nil
// when no walk ran.
func (r *run) unmatchedExcludes() []string {
	r.exclOnce.Do(func() {}) // (a walk that starts later notes nowhere)
	u := r.excl
	if u == nil {
		return nil
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []string
	for _, g := range r.cfg.Exclude {
		if !u.used[g] && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// linkedFolder notes path, a symbolic link a walk met, when it leads to
// a folder, which the walk does not follow (Summary.LinkedFolders).
func (r *run) linkedFolder(path string) {
	if info, err := os.Stat(path); err != nil || !info.IsDir() {
		return
	}
	r.linked.mu.Lock()
	defer r.linked.mu.Unlock()
	if r.linked.set == nil {
		r.linked.set = map[string]bool{}
	}
	r.linked.set[displayPath(path)] = true
}

// linkedFolders is Summary.LinkedFolders.
func (r *run) linkedFolders() []string {
	r.linked.mu.Lock()
	defer r.linked.mu.Unlock()
	out := slices.Collect(maps.Keys(r.linked.set))
	slices.Sort(out)
	return out
}

func isSQL(path string) bool { return strings.EqualFold(filepath.Ext(path), ".sql") }

// hidden reports whether name, an entry of a folder, is hidden (starts
// with "."). A folder walk leaves it out, file or folder: .git, .vscode,
// a .scratch.sql, an editor's lock or swap file (.#V1.sql, .V1.sql.swp),
// as :r refuses it (a name the user gives, a hidden folder scanned or a
// hidden file named, is read).
func hidden(name string) bool { return name != "" && name[0] == '.' }

// isScript reports whether name, an entry of a folder, is a script a
// folder walk with the default include reads: *.sql, not hidden.
func isScript(name string) bool { return !hidden(name) && isSQL(name) }

// displayPath is how a path appears in messages: slash-separated, without
// a leading "./".
func displayPath(p string) string {
	p = filepath.ToSlash(p)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	return p
}

// checkExists makes a path that names nothing an error before the run.
func checkExists(opt *Options, wd, p string) error {
	if p == "" {
		// sqllint scan "$DIR" with DIR unset: ": no such file" would name nothing
		return fmt.Errorf(`an empty path ("") names no file or folder (a variable that expanded to nothing?)`)
	}
	if _, err := os.Stat(p); err != nil {
		if opt.Overlay != nil {
			if _, ok := opt.Overlay[absPath(wd, p)]; ok {
				return nil
			}
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", p, errNotExist)
		}
		// the path as given and the cause, not "stat loop: too many
		// levels of symbolic links"
		return fmt.Errorf("%s: %w", p, cleanErr(err))
	}
	return nil
}

// absPath is p made absolute against the working directory (read once
// per run) and cleaned.
func absPath(cwd, p string) string {
	if !filepath.IsAbs(p) && cwd != "" {
		p = cwd + string(filepath.Separator) + p
	}
	return cleanPath(p)
}

// cleanPath is filepath.Clean(p) as the system resolves p: a ".." after
// a symbolic link goes up from the link's target, not from the link
// (link/../a.sql, link pointing to real/sub, is real/a.sql, not a.sql),
// so the folders before the last ".." have their links resolved. A
// path without ".." is only cleaned.
func cleanPath(p string) string {
	if !strings.Contains(p, "..") {
		return filepath.Clean(p) // most paths
	}
	parts := strings.Split(filepath.ToSlash(p), "/")
	last := -1
	for i, e := range parts {
		if e == ".." {
			last = i
		}
	}
	if last <= 0 {
		return filepath.Clean(p)
	}
	head := filepath.FromSlash(strings.Join(parts[:last+1], "/"))
	r, err := filepath.EvalSymlinks(head)
	if err != nil {
		return filepath.Clean(p)
	}
	if !filepath.IsAbs(r) && filepath.IsAbs(p) {
		if a, err := filepath.Abs(r); err == nil {
			r = a
		}
	}
	return filepath.Join(r, filepath.FromSlash(strings.Join(parts[last+1:], "/")))
}

func (r *run) abs(p string) string { return absPath(r.cwd, p) }

// absClean is p made absolute against the current working directory and
// cleaned: the key of Options.Overlay.
func absClean(p string) string {
	if !filepath.IsAbs(p) {
		if wd, err := os.Getwd(); err == nil {
			p = wd + string(filepath.Separator) + p
		}
	}
	return cleanPath(p)
}

// collect sends the run's files in run order to out: the paths in the
// order given, a folder's files in natural order, each physical file once
// (the first name wins). Context files are merged with the reported ones
// in natural order. Folders that cannot be read are input errors.
func (r *run) collect(ctx context.Context, out func(input) bool) {
	m := newMatcher(r.cfg, r.cwd)
	if m.used != nil {
		// every walk of the run (the include guess's and the replay's
		// too, on other goroutines) notes in one set
		r.exclOnce.Do(func() { r.excl = m.used })
		m.used = r.excl
	}
	pm, cm := m, m // the walks of Paths and of Context
	if r.opt.Filter != nil {
		pm, cm = m.filtered(r.opt.Filter, r.opt.FilterDir, m), m.filtered(r.opt.Filter, r.opt.FilterDir, nil)
	}
	if len(r.opt.Context) > 0 {
		c := *cm
		c.context = true
		cm = &c
	}
	// The same name twice (only possible with several paths); the merge
	// drops the other aliases of a file.
	var seen map[string]bool
	if len(r.opt.Paths)+len(r.opt.Context) > 1 {
		seen = map[string]bool{}
	}
	emit := func(path string, report bool, err error) bool {
		if seen != nil && path != "-" && err == nil {
			if seen[path] {
				return true
			}
			seen[path] = true
		}
		in := input{osPath: path, display: displayPath(path), report: report, err: err}
		if path == "-" {
			in.osPath, in.display = "", displayPath(r.opt.StdinName)
		}
		return out(in)
	}
	if len(r.opt.Context) == 0 {
		for _, p := range r.opt.Paths {
			if !r.expand(ctx, pm, p, func(f string, err error) bool { return emit(f, true, err) }) {
				return
			}
		}
		return
	}
	// With context files, the run is the union in natural order; a file in
	// both lists is reported.
	type entry struct {
		path   string
		report bool
		err    error
		key    string // absolute path, the sort key
	}
	var all []entry
	reported := map[string]bool{}
	names := map[string]string{}
	// The first name of a physical file wins in the merge: a context alias
	// (hard link, symlink) of a reported file must not come first and hide it.
	reportedIDs := map[fileID]bool{}
	// Standard input takes the place of the file it names (the staged
	// blob of a file, an editor's buffer): it sorts by that name, and the
	// copy on disk is not read as context too.
	stdinKey := ""
	for _, p := range r.opt.Paths {
		r.expand(ctx, pm, p, func(f string, err error) bool {
			key := r.abs(f)
			reported[key] = true
			if f != "-" && err == nil {
				names[key] = displayPath(f)
			}
			if f == "-" {
				key = r.abs(r.opt.StdinName)
				stdinKey = key
			}
			all = append(all, entry{f, true, err, key})
			if err == nil && f != "-" {
				reportedIDs[r.identity(f)] = true
			}
			return true
		})
	}
	r.reported, r.reportedName = reported, names
	for _, p := range r.opt.Context {
		r.expand(ctx, cm, p, func(f string, err error) bool {
			if key := r.abs(f); !reported[key] && key != stdinKey && (err != nil || !reportedIDs[r.identity(f)]) {
				all = append(all, entry{f, false, err, key})
			}
			return true
		})
	}
	flyway := flywayFolders(len(all), func(i int) string { return all[i].key })
	slices.SortStableFunc(all, func(a, b entry) int {
		x, y := a.key, b.key
		if c, ok := flyway.compare(x, y); ok {
			return c
		}
		switch {
		case natsort.Less(x, y):
			return -1
		case natsort.Less(y, x):
			return 1
		}
		return 0
	})
	for _, e := range all {
		if !emit(e.path, e.report, e.err) {
			return
		}
	}
}

// replay is collect, from the list findIncluded made when it ran.
func (r *run) replay(ctx context.Context, out func(input) bool) {
	if r.collected == nil {
		r.collect(ctx, out)
		return
	}
	for _, in := range r.collected {
		if !out(in) {
			return
		}
	}
}

// expand calls fn for the files of one given path; false from fn stops.
func (r *run) expand(ctx context.Context, m *matcher, p string, fn func(string, error) bool) bool {
	if p == "-" {
		if !m.named(r.opt.StdinName) {
			return true
		}
		return fn(p, nil)
	}
	info, err := os.Stat(p)
	if err == nil && !info.IsDir() && !info.Mode().IsRegular() {
		// named, not walked: say how to check what it holds (never opened)
		if !m.named(p) {
			return true
		}
		return fn(p, namedNotRegular(info.Mode()))
	}
	if err != nil || !info.IsDir() {
		// a file, or an overlay file not on disk (checked before the run);
		// one named as context is read when kept
		if !m.named(p) || m.keep != nil && m.whole == nil && !m.keep(p) {
			return true
		}
		var lerr error
		if r.opt.ListedPaths && err == nil {
			// listed, not named: a link is read where a walked one is
			if li, e := os.Lstat(p); e == nil && li.Mode()&fs.ModeSymlink != 0 {
				lerr = r.pre.MayRead(p)
			}
		}
		return fn(p, lerr)
	}
	if m.keepDir != nil && !m.keepDir(p) {
		// a folder git ignores whole: read whole when named, not as context
		if m.whole == nil {
			return true
		}
		m = m.whole
	}
	return r.walk(ctx, m, p, fn)
}

// namedNotRegular is the error for a path named on the command line that
// is a pipe (/dev/stdin, a process substitution such as <(git show ...)),
// a socket or a device: it is never opened (an open waits for a writer);
// standard input reads what it holds, under the name of its file.
func namedNotRegular(m fs.FileMode) error {
	kind := "a device"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "a pipe"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("not a regular file (%s is never read as a path): to check what a pipe or a process substitution holds, "+
		"give it as standard input with the name of its file, e.g. git show :db/V2.sql | sqllint scan --stdin-filename db/V2.sql -", kind)
}

// walk lists a folder, sorts its entries naturally (a folder sorts as its
// name followed by "/", so the order is that of the full paths) and
// recurses. A folder that cannot be read is an input error.
func (r *run) walk(ctx context.Context, m *matcher, dir string, fn func(string, error) bool) bool {
	if ctx.Err() != nil {
		return false
	}
	ents, err := readDir(dir)
	if err != nil {
		// an input error in run order; ReadDir returns what it could read
		if !fn(dir, cleanErr(err)) {
			return false
		}
	}
	type ent struct {
		name string
		key  string
		dir  bool
		link bool
	}
	list := make([]ent, 0, len(ents))
	for _, d := range ents {
		name := d.Name()
		isDir := d.IsDir()
		if d.Type()&fs.ModeSymlink != 0 {
			// WalkDir does not follow symlinks: a link is a file entry
			isDir = false
		}
		if hidden(name) {
			if !isDir && r.opt.ConfigFile != nil && slices.Contains(config.FileNames, name) {
				r.opt.ConfigFile(joinName(filepath.Clean(dir), name))
			}
			continue // .git, .vscode, .scratch.sql, an editor's .#V1.sql
		}
		if isDir {
			list = append(list, ent{name, name + "/", true, false})
			continue
		}
		link := d.Type()&fs.ModeSymlink != 0
		if link && !isSQL(name) && !m.context {
			// not followed (a walk stays in the tree; a loop), but said:
			// one stat, for a link only
			r.linkedFolder(joinName(filepath.Clean(dir), name))
		}
		if m.defaultInc && !isSQL(name) {
			continue // the cheap filter first
		}
		list = append(list, ent{name, name, false, link})
	}
	cdir := filepath.Clean(dir) // joined with each name (joinName)
	if sortFlyway(list, func(e ent) (string, bool) { return e.key, !e.dir },
		func(e ent) bool { return !m.walked(joinName(cdir, e.name)) }) {
		if done, more := walkFlyway(ctx, r, m, dir, list, func(e ent) (string, bool, bool) { return e.name, e.dir, e.link }, fn); done {
			return more
		}
	} else {
		if callbacksBeside(m, dir, list, func(e ent) (string, bool) { return e.name, e.dir }) {
			if done, more := walkFlyway(ctx, r, m, dir, list, func(e ent) (string, bool, bool) { return e.name, e.dir, e.link }, fn); done {
				return more
			}
		}
		slices.SortFunc(list, func(a, b ent) int { return natsortCompare(a.key, b.key) })
	}
	// with the default include and no exclude, the listing's filter
	// (isSQL) is the whole decision of walked
	listed := m.defaultInc && m.noExclude && m.keep == nil
	for _, e := range list {
		path := joinName(cdir, e.name)
		if e.dir {
			if m.skipDir(path) {
				continue
			}
			if !r.walk(ctx, m, path, fn) {
				return false
			}
			continue
		}
		if !listed && !m.walked(path) {
			continue
		}
		var err error
		if e.link {
			err = r.pre.MayRead(path)
		}
		if !fn(path, err) {
			return false
		}
	}
	return true
}

// sortFlyway sorts the entries of a folder whose scripts are named as
// Flyway names them (natsort.IsFlywayFolder) in the order Flyway runs
// them (natsort.FlywayCompare), its subfolders after them in natural
// order, and reports true; any other folder it leaves alone (false).
// file gives an entry's sort key (its name, "/" after a folder's) and
// whether it is a file; skipped whether the walk leaves the file out (a
// file of another name does not count then).
func sortFlyway[E any](list []E, file func(E) (string, bool), skipped func(E) bool) bool {
	// each name read once (natsort.FlywaySortKey): to tell a Flyway
	// folder, and for the sort. The usual folder's scripts are versioned
	// and their versions' first numbers differ: those sort as numbers
	// (order: the number above, the entry's index below), the few that
	// share one by their keys, and any other folder by its keys alone
	// (sortFlywayKeys).
	shift := bits.Len(uint(len(list)))
	order := make([]uint64, 0, len(list))
	var dirs []uint64
	versioned, heads := false, true
	for i, e := range list {
		name, f := file(e)
		if !f {
			dirs = append(dirs, uint64(i))
			continue
		}
		k := natsort.NewFlywaySortKey(name)
		if fw, v := k.Flyway(); fw {
			versioned = versioned || v
		} else if !skipped(e) { // asked only here: matching may cost
			return false
		}
		h, ok := k.Head()
		heads = heads && ok && h>>(64-shift) == 0
		order = append(order, h<<shift|uint64(i))
	}
	if !versioned {
		return false
	}
	if !heads {
		sortFlywayKeys(list, file)
		return true
	}
	index := uint64(1)<<shift - 1
	slices.Sort(order)
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && order[j]>>shift == order[i]>>shift {
			j++
		}
		if j-i > 1 { // one first number: the rest of the names decides
			sortTies(order[i:j], func(o uint64) string { name, _ := file(list[o&index]); return name })
		}
		i = j
	}
	for i := range order {
		order[i] &= index
	}
	// the subfolders after the files, in natural order
	slices.SortFunc(dirs, func(a, b uint64) int {
		x, _ := file(list[a])
		y, _ := file(list[b])
		return natsortCompare(x, y)
	})
	permute(list, append(order, dirs...))
	return true
}

// sortTies sorts entries of a Flyway folder (sortFlyway's order) that
// share their version's first number by their keys (natsort.FlywaySortKey),
// name giving the name of each.
func sortTies(order []uint64, name func(uint64) string) {
	type tie struct {
		k natsort.FlywaySortKey
		o uint64
	}
	ts := make([]tie, len(order))
	for i, o := range order {
		ts[i] = tie{natsort.NewFlywaySortKey(name(o)), o}
	}
	slices.SortFunc(ts, func(a, b tie) int { return a.k.Compare(&b.k) })
	for i := range ts {
		order[i] = ts[i].o
	}
}

// sortFlywayKeys sorts the entries of a Flyway folder in the order
// sortFlyway gives them, by their keys: the files in Flyway's order, then
// the subfolders in natural order.
func sortFlywayKeys[E any](list []E, file func(E) (string, bool)) {
	type keyed struct {
		k    natsort.FlywaySortKey
		file bool
		e    E
	}
	ks := make([]keyed, len(list))
	for i, e := range list {
		name, f := file(e)
		ks[i] = keyed{file: f, e: e}
		if ks[i].k.Name = name; f {
			ks[i].k = natsort.NewFlywaySortKey(name)
		}
	}
	order := make([]*keyed, len(ks)) // what the sort moves: a pointer
	for i := range ks {
		order[i] = &ks[i]
	}
	slices.SortFunc(order, func(a, b *keyed) int {
		switch {
		case a.file != b.file: // files first
			if a.file {
				return -1
			}
			return 1
		case a.file:
			return a.k.Compare(&b.k)
		}
		return natsortCompare(a.k.Name, b.k.Name)
	})
	for i, k := range order {
		list[i] = k.e
	}
}

// natsortCompare is natsort.Less as a comparison: its order is total,
// keys that differ are never equal in it.
func natsortCompare(x, y string) int {
	switch {
	case x == y:
		return 0
	case natsort.Less(x, y):
		return -1
	}
	return 1
}

// permute puts list in the order perm gives (list[i] is the entry that
// was at perm[i]), in place; perm is spent.
func permute[E any](list []E, perm []uint64) {
	const done = ^uint64(0)
	for i := range perm {
		if perm[i] == done || perm[i] == uint64(i) {
			continue
		}
		first := list[i]
		j := i
		for {
			k := perm[j]
			perm[j] = done
			if k == uint64(i) {
				list[j] = first
				break
			}
			list[j] = list[k]
			j = int(k)
		}
	}
}

// callbacksBeside reports whether dir, a folder without scripts of its
// own, has a subfolder of Flyway SQL callbacks only (beforeMigrate.sql,
// afterMigrate.sql, ...): Flyway's callback location beside its
// migrations, which the walk then takes with its sibling folders as one
// Flyway location (walkFlyway: only when every script below is named as
// Flyway names them and none clash). get gives an entry's name and
// whether it is a folder.
func callbacksBeside[E any](m *matcher, dir string, list []E, get func(E) (string, bool)) bool {
	for _, e := range list {
		if name, isDir := get(e); !isDir && m.walked(filepath.Join(dir, name)) {
			return false // scripts of its own
		}
	}
	for _, e := range list {
		name, isDir := get(e)
		if path := filepath.Join(dir, name); isDir && !m.skipDir(path) && callbacksOnly(m, path, nil) {
			return true
		}
	}
	return false
}

// ContextFolder is the folder whose scripts are the context of a script
// named in folder dir: dir itself, or, when dir holds only Flyway
// callbacks and its parent no script of its own, the parent, which the
// walk takes as one Flyway location (callbacksBeside): an afterMigrate
// callback runs after the migrations of the folders beside it.
//
// When dir's scripts are all named as Flyway names them, it is the
// highest folder above dir that holds such scripts itself (a Flyway
// location: tables/V2__x.sql runs after the location's V1__y.sql, as
// the scan of the location runs them), through folders without scripts,
// up to flywayLevels up and never past a folder with a script of another
// name, above a repository's top, or into the file system's root, the
// home folder or the temporary folder.
func ContextFolder(dir string) string { return ContextFolderOf(dir, nil, nil) }

// ContextFolderOf is ContextFolder counting only the scripts the walk of
// the folder it returns reads: those cfg includes and does not exclude
// (nil: every *.sql, as with a default config) and keep keeps
// (Options.Filter: those git does not ignore; nil: every one). A
// git-ignored or excluded scratch script must not stop the climb to the
// Flyway location.
func ContextFolderOf(dir string, cfg *config.Config, keep func(path string) bool) string {
	return ContextFolderNamed(dir, nil, cfg, keep)
}

// ContextFolderNamed is ContextFolderOf for a run that names the scripts
// named (base names) in folder dir: they count as scripts of dir,
// whether they are on disk yet or not (standard input named after a new
// script, an editor's unsaved new buffer) and whether git lists them or
// not, so that a script's context does not change when it is saved.
func ContextFolderNamed(dir string, named []string, cfg *config.Config, keep func(path string) bool) string {
	if abs, err := filepath.Abs(dir); err != nil || filepath.Dir(abs) == abs {
		return dir
	}
	parent := filepath.Join(dir, "..") // "." has one too
	m := &matcher{defaultInc: true, noExclude: true}
	if cfg != nil {
		cwd, _ := os.Getwd()
		m = newMatcher(cfg, cwd)
	}
	m.keep = keep
	// the named scripts the walk would read were they on disk and listed
	var scripts []string
	whole := *m
	whole.keep = nil
	for _, n := range named {
		if !hidden(n) && whole.walked(filepath.Join(dir, n)) {
			scripts = append(scripts, n)
		}
	}
	if !callbacksOnly(m, dir, scripts) {
		return flywayLocation(m, dir, scripts)
	}
	own := false
	peekDir(parent, func(d fs.DirEntry) bool {
		own = !d.IsDir() && !hidden(d.Name()) && m.walked(filepath.Join(parent, d.Name()))
		return !own
	})
	if own {
		return dir
	}
	return parent
}

// flywayLevels bounds the folders above a named script's that
// ContextFolder looks at for its Flyway location.
const flywayLevels = 8

// flywayLocation is the highest folder above dir, or dir, that holds
// Flyway's scripts itself (natsort.IsFlywayFolder) when the scripts of
// dir (those on disk and those named there) and of the folders between (those m walks) are all named as
// Flyway names them (ContextFolder); dir otherwise.
func flywayLocation(m *matcher, dir string, named []string) string {
	scripts := func(d string) (names []string) {
		peekDir(d, func(e fs.DirEntry) bool {
			if !e.IsDir() && !hidden(e.Name()) && m.walked(filepath.Join(d, e.Name())) {
				names = append(names, e.Name())
			}
			return true
		})
		return names
	}
	flyway := func(names []string) bool {
		for _, n := range names {
			if ok, _ := natsort.FlywayName(n); !ok {
				return false
			}
		}
		return true
	}
	if own := append(scripts(dir), named...); len(own) == 0 || !flyway(own) {
		return dir
	}
	best, cur := dir, dir
	for range flywayLevels {
		abs, err := filepath.Abs(cur)
		if err != nil || isRepoTop(abs) {
			break
		}
		up := filepath.Join(cur, "..")
		if upAbs := filepath.Dir(abs); upAbs == abs || NoProjectFolder(upAbs) {
			break
		}
		names := scripts(up)
		if !flyway(names) {
			break
		}
		if natsort.IsFlywayFolder(names) {
			best = up
		}
		cur = up
	}
	return best
}

// isRepoTop reports whether dir holds .git (a repository's top).
func isRepoTop(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// callbacksOnly reports whether the scripts of folder dir (one at least)
// and those named there (ContextFolderNamed) are all Flyway callbacks; it
// stops reading the folder at the first script that is not one (a
// folder of migrations costs one read).
func callbacksOnly(m *matcher, dir string, named []string) bool {
	found, only := false, true
	for _, n := range named {
		if !natsort.FlywayCallback(n) {
			return false
		}
		found = true
	}
	peekDir(dir, func(d fs.DirEntry) bool {
		name := d.Name()
		if d.IsDir() || hidden(name) || (m.defaultInc && !isSQL(name)) || !m.walked(filepath.Join(dir, name)) {
			return true
		}
		if !natsort.FlywayCallback(name) {
			only = false
			return false
		}
		found = true
		return true
	})
	return found && only
}

// flywayFile is a script of a Flyway location the walk gathered.
type flywayFile struct {
	path, name string
	link       bool
}

// walkFlyway walks a Flyway folder (sortFlyway) with its subfolders as
// one Flyway location, as Flyway scans a location: all their scripts in
// Flyway's order wherever they sit in the tree (V1 in a subfolder before
// V2 in the folder, the repeatable ones after all versioned ones). It
// does so only when Flyway could take the tree as one location: every
// script below is named as Flyway names them, and no two have one key
// (natsort.FlywayKey: Flyway refuses that). done is false otherwise, and
// when the folder has no subfolder: the walk then goes on as for any
// Flyway folder (its own scripts, then its subfolders, each maybe a
// location of its own). more is false when fn stopped the walk. get
// gives an entry's name, whether it is a folder and whether it is a link.
func walkFlyway[E any](ctx context.Context, r *run, m *matcher, dir string, list []E,
	get func(E) (name string, isDir, link bool), fn func(string, error) bool) (done, more bool) {
	var subs []string
	for _, e := range list {
		if name, isDir, _ := get(e); isDir {
			subs = append(subs, name)
		}
	}
	if len(subs) == 0 { // the usual case: the walk orders it as well
		return false, true
	}
	var files []flywayFile
	cdir := filepath.Clean(dir)
	for _, e := range list {
		name, isDir, link := get(e)
		if path := joinName(cdir, name); !isDir && m.walked(path) {
			files = append(files, flywayFile{path, name, link})
		}
	}
	if !gatherFlyway(ctx, r, m, dir, subs, &files) {
		return false, true
	}
	keys := make(map[string]bool, len(files))
	for _, f := range files {
		k := natsort.FlywayKey(f.name)
		if keys[k] {
			return false, true
		}
		keys[k] = true
	}
	sortFlywayFiles(files)
	for _, f := range files {
		var err error
		if f.link {
			err = r.pre.MayRead(f.path)
		}
		if !fn(f.path, err) {
			return true, false
		}
	}
	return true, true
}

// sortFlywayFiles sorts the scripts of a Flyway location in Flyway's
// order (natsort.FlywayCompare), each name read once.
func sortFlywayFiles(files []flywayFile) {
	type keyed struct {
		k natsort.FlywaySortKey
		f flywayFile
	}
	ks := make([]keyed, len(files))
	for i, f := range files {
		ks[i] = keyed{natsort.NewFlywaySortKey(f.name), f}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return a.k.Compare(&b.k) })
	for i := range ks {
		files[i] = ks[i].f
	}
}

// gatherFlyway adds to files the scripts the walk would find in the
// subfolders subs of dir, and reports false when one is not named as
// Flyway names them or a folder cannot be read (the walk reports it).
func gatherFlyway(ctx context.Context, r *run, m *matcher, dir string, subs []string, files *[]flywayFile) bool {
	for _, sub := range subs {
		path := filepath.Join(dir, sub)
		if m.skipDir(path) {
			continue
		}
		if ctx.Err() != nil {
			return false
		}
		ents, err := readDir(path)
		if err != nil {
			return false
		}
		var below []string
		for _, d := range ents {
			name := d.Name()
			link := d.Type()&fs.ModeSymlink != 0
			if hidden(name) {
				continue
			}
			if d.IsDir() && !link {
				below = append(below, name)
				continue
			}
			if link && !isSQL(name) && !m.context {
				r.linkedFolder(joinName(path, name)) // as the walk says it
			}
			if m.defaultInc && !isSQL(name) {
				continue
			}
			p := joinName(path, name) // path is clean (filepath.Join)
			if !m.walked(p) {
				continue
			}
			if ok, _ := natsort.FlywayName(name); !ok {
				return false
			}
			*files = append(*files, flywayFile{p, name, link})
		}
		if !gatherFlyway(ctx, r, m, path, below, files) {
			return false
		}
	}
	return true
}

// flywaySet is, in a merge of the files of several folders, what the
// walk of each folder would find: the Flyway locations (walkFlyway) and
// the other Flyway folders (sortFlyway).
type flywaySet struct {
	root  map[string]string // a folder of a location: the location's top folder
	plain map[string]bool   // a Flyway folder outside them
}

// flywayFolders finds the Flyway folders (natsort.IsFlywayFolder) among
// the folders (with a trailing separator) of n paths, and which of them
// are the top folders of Flyway locations (walkFlyway): the highest
// whose every file below is named as Flyway names them, with no two of
// one natsort.FlywayKey.
func flywayFolders(n int, path func(int) string) flywaySet {
	names := map[string][]string{}
	for i := range n {
		dir, name := filepath.Split(path(i))
		names[dir] = append(names[dir], name)
	}
	var s flywaySet
	// mixed: a folder with a file of another name in it or below it
	mixed := map[string]bool{}
	candidate := map[string]bool{}
	for dir, ns := range names {
		if natsort.IsFlywayFolder(ns) {
			candidate[dir] = true
			continue
		}
		if !slices.ContainsFunc(ns, func(n string) bool { ok, _ := natsort.FlywayName(n); return !ok }) {
			continue
		}
		for d := dir; d != "" && !mixed[d]; d = parentDir(d) {
			mixed[d] = true
		}
	}
	// a folder without scripts of its own beside which, in a subfolder,
	// are only Flyway callbacks: the top of one location, as the walk
	// takes it (callbacksBeside)
	for dir, ns := range names {
		if !slices.ContainsFunc(ns, func(n string) bool { return !natsort.FlywayCallback(n) }) {
			if p := parentDir(dir); p != "" && names[p] == nil {
				candidate[p] = true
			}
		}
	}
	if len(candidate) == 0 {
		return s
	}
	// the highest candidate above each folder, but a top folder whose
	// tree has two files of one key is not one (those below it may be)
	clash := map[string]bool{}
	for {
		s.root = map[string]string{}
		for dir := range names {
			for d := dir; d != ""; d = parentDir(d) {
				if candidate[d] && !mixed[d] && !clash[d] {
					s.root[dir] = d
				}
			}
		}
		keys := map[string]bool{}
		found := false
		for dir, ns := range names {
			top := s.root[dir]
			if top == "" || clash[top] {
				continue
			}
			for _, n := range ns {
				k := top + "\x00" + natsort.FlywayKey(n)
				if keys[k] {
					clash[top], found = true, true
					break
				}
				keys[k] = true
			}
		}
		if !found {
			break
		}
	}
	s.plain = map[string]bool{}
	for dir := range candidate {
		if s.root[dir] == "" {
			s.plain[dir] = true
		}
	}
	return s
}

// parentDir is the folder (with a trailing separator) of a folder
// written with one; "" above the top.
func parentDir(d string) string {
	p, _ := filepath.Split(strings.TrimSuffix(d, string(filepath.Separator)))
	if p == d {
		return ""
	}
	return p
}

// compare orders x and y as the walk would when one of them is a file of
// a Flyway folder: two files of one Flyway location (walkFlyway) in
// Flyway's order, the files of another Flyway folder (sortFlyway) in
// Flyway's order and before the files of its subfolders. ok is false
// when neither is.
func (s flywaySet) compare(x, y string) (c int, ok bool) {
	if len(s.root) == 0 && len(s.plain) == 0 {
		return 0, false
	}
	dx, nx := filepath.Split(x)
	dy, ny := filepath.Split(y)
	if top := s.root[dx]; top != "" && top == s.root[dy] {
		return natsort.FlywayCompare(nx, ny), true
	}
	switch {
	case dx == dy && s.plain[dx]:
		return natsort.FlywayCompare(nx, ny), true
	case s.plain[dx] && strings.HasPrefix(dy, dx):
		return -1, true
	case s.plain[dy] && strings.HasPrefix(dx, dy):
		return 1, true
	}
	return 0, false
}

// readDir is listDir; tests replace it to make a folder unreadable even
// to root.
var readDir = listDir

// cleanErr drops the path an *fs.PathError repeats.
func cleanErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

var hashSeed = maphash.MakeSeed()

// read returns the bytes of one input: standard input, the overlay, or
// the disk. With mayMap (a static run's worker), a large regular file may
// come back mapped (mapped true) rather than read, and a file read from
// the disk comes in a buffer of the pool (lent true), which the caller
// gives back once nothing reads it (read_pool.go). A worker's at keeps
// the folder of its files open (dirCache); nil opens each by its path.
func (r *run) read(in *input, at *dirCache, mayMap bool) (data []byte, id fileID, mapped, lent bool, err error) {
	if in.osPath == "" {
		b, mapped, err := readStdin(r.opt.Stdin, mayMap)
		return b, fileID{}, mapped, false, err
	}
	if r.opt.Overlay != nil {
		if b, ok := r.opt.Overlay[r.abs(in.osPath)]; ok {
			return b, r.identity(in.osPath), false, false, nil
		}
	}
	data, id, mapped, err = readFile(at, in.osPath, r, mayMap, mayMap)
	return data, id, mapped, mayMap && !mapped && err == nil, err
}

// mapped counts the files mapped, and afterMap is called after each is
// (tests).
var (
	mapped   atomic.Int64
	afterMap func(path string)
)

// errChangedWhileRead is a mapped file cut short while it was read.
var errChangedWhileRead = errors.New("the file was changed (cut short) while it was read")

// mapMin is the size from which a static run maps a file rather than
// reading it (a variable for tests).
var mapMin int64 = 16 << 20

// errNotRegular is the error for a file that is not a regular one.
var errNotRegular = errors.New("not a regular file (a named pipe, socket or device is never read)")

// openError is the error of a failed open: a socket cannot be opened
// (ENXIO, as a device with no driver), and is no regular file either.
func openError(err error) error {
	if errors.Is(err, syscall.ENXIO) {
		return errNotRegular
	}
	return err
}

// readFileOS reads a regular file and returns its identity, from the same
// open file: one open, one fstat, the reads. It never blocks on a named
// pipe or a device. With mayMap, a file of mapMin bytes or more is mapped
// (where the system can): its pages are read as the parser reaches them
// and can be released once parsed (releasePages), so that a 500 MB script
// never sits whole in memory. (readFile is this, or on Linux the same
// with plain system calls.)
func readFileOS(path string, r *run, mayMap, lend bool) ([]byte, fileID, bool, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, fileID{}, false, openError(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fileID{}, false, err
	}
	switch {
	case info.IsDir():
		return nil, fileID{}, false, errors.New("is a directory")
	case !info.Mode().IsRegular():
		return nil, fileID{}, false, errNotRegular
	}
	id, ok := sysID(info)
	if !ok {
		id = r.identity(path)
	}
	if mayMap && canMap && info.Size() >= mapMin {
		if data, err := mapFile(f, info.Size()); err == nil {
			mapped.Add(1)
			if afterMap != nil {
				afterMap(path)
			}
			return data, id, true, nil
		}
		// not mappable: read it
	}
	data := buffer(info.Size()+1, lend)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, id, false, nil
		}
		if err != nil {
			return nil, fileID{}, false, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // the file grew
		}
	}
}

// keepMapping records a mapping to end with the run (unmapAll).
func (r *run) keepMapping(data []byte) {
	r.mapsMu.Lock()
	r.maps = append(r.maps, data)
	r.mapsMu.Unlock()
}

// unmapAll ends the run's mappings: nothing of the run reads them any
// more, and what it returns was copied out of them.
func (r *run) unmapAll() {
	r.mapsMu.Lock()
	defer r.mapsMu.Unlock()
	for _, m := range r.maps {
		unmapFile(m)
	}
	r.maps = nil
}

// mapChunk is how much of a mapped file is checked or hashed between
// releases of its pages.
const mapChunk = 4 << 20

// hashMapped is maphash.Bytes of a mapped file, its pages released as it
// goes.
func hashMapped(data []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	for off := 0; off < len(data); off += mapChunk {
		_, _ = h.Write(data[off:min(off+mapChunk, len(data))])
		releasePages(data)
	}
	return h.Sum64()
}

// decodeMapped is decode for a mapped file: UTF-8 text (with or without a
// byte order mark) without a NUL byte is used in place, checked a chunk
// at a time with its pages released as it goes (a large file in two
// halves, on two goroutines). It returns nil for anything else (UTF-16,
// CP1252, invalid UTF-8), which parser.Decode copies.
func decodeMapped(path string, data []byte) *parser.File {
	if len(data) == 0 || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		return nil
	}
	body := data
	if bytes.HasPrefix(body, []byte{0xEF, 0xBB, 0xBF}) {
		body = body[3:]
	}
	var ok bool
	if len(body) < 4*mapChunk {
		ok = validMapped(body)
	} else {
		mid := runeStartNear(body, len(body)/2)
		var second bool
		wait := goFaulting(func() { second = validMapped(body[mid:]) })
		first := validMapped(body[:mid])
		wait()
		ok = first && second
	}
	releasePages(data)
	if !ok {
		return nil
	}
	return parser.NewFile(path, unsafe.String(unsafe.SliceData(data), len(data)))
}

// validMapped reports whether a part of a mapped file is UTF-8 without a
// NUL byte, checking it a chunk at a time and releasing each chunk's
// pages once checked.
func validMapped(body []byte) bool {
	text := unsafe.String(unsafe.SliceData(body), len(body))
	for off := 0; off < len(body); {
		end := runeStartNear(body, min(off+mapChunk, len(body)))
		if end <= off {
			end = min(off+mapChunk, len(body))
		}
		part := body[off:end]
		if !plainText(part) {
			return false
		}
		releaseText(text, off, end)
		off = end
	}
	return true
}

// runeStartNear is end moved back to the start of a character when one is
// at most three bytes before it: any split of valid UTF-8 at a character
// start leaves valid parts, and a split elsewhere leaves an invalid one
// only where the whole is invalid.
func runeStartNear(body []byte, end int) int {
	for k := 0; k < 3 && end > 1 && end < len(body) && !utf8.RuneStart(body[end]); k++ {
		end--
	}
	return end
}

// loadInclude reads an :r include, from the overlay when it has it.
func (r *run) loadInclude(path string) (*parser.File, error) {
	if b, ok := r.opt.Overlay[r.abs(path)]; ok {
		return parser.Decode(path, b)
	}
	// Later --fix rounds read the includes not fixed from the disk: with
	// the same checks as the first round (regular files, size limit).
	return parser.LoadFile(path, r.pre.MaxFileSize)
}

// parseOne is a worker's job: read, decode, preprocess, scan, split, parse.
func (r *run) parseOne(in input, at *dirCache) (p *parsed) {
	p = &parsed{input: in}
	if in.err != nil {
		p.err = in.err
		return p
	}
	defer func() {
		// A bug in the parser must cost one file, never the run.
		if x := recover(); x != nil {
			p.err = fmt.Errorf("internal error while reading this file (please report it): %v", x)
			p.result = nil
		}
	}()
	data, id, mapped, lent, err := r.read(&in, at, r.compact)
	if err != nil {
		p.err = cleanErr(err)
		return p
	}
	if lent {
		p.lent = data
	}
	p.id = id
	var release func() // lets the pages of a mapped file go
	if mapped {
		r.keepMapping(data)
		release = func() { releasePages(data) }
		defer release()
		// A mapped file cut short by another program faults when its lost
		// pages are read: an error for this file, not a crash.
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if x := recover(); x != nil {
				if _, ok := x.(interface{ Addr() uintptr }); !ok {
					panic(x) // a bug: reported as one
				}
				p.err, p.result, p.mapped = errChangedWhileRead, nil, nil
			}
		}()
	}
	if r.opt.Fixes && in.osPath != "" {
		p.size = int64(len(data))
		if mapped {
			p.hash = hashMapped(data)
		} else {
			p.hash = maphash.Bytes(hashSeed, data)
		}
	}
	var f *parser.File
	switch {
	case r.overlaid(in.osPath):
		f, err = parser.Decode(in.display, data) // the caller's bytes: copied
	case mapped:
		if f = decodeMapped(in.display, data); f != nil {
			p.mapped = data
		} else if g, text := transcodeMapped(in.display, data, release); g != nil {
			// UTF-16 or Windows-1252: the UTF-8 text is a mapped
			// temporary file, paged as the script's own would be
			release()
			r.keepMapping(text)
			data, f, p.mapped = text, g, text
			release = func() { releasePages(text) }
		} else {
			f, err = parser.Decode(in.display, data) // transcoded: a copy
			release()
		}
	default:
		f, err = decode(in.display, data)
	}
	if err != nil {
		p.err = err
		return p
	}
	if r.compact {
		if p.mapped == nil {
			release = nil
		}
		var indexed func()
		var win *pageWindow
		if p.mapped != nil {
			// here, not where findings are resolved, and on the other
			// core while this one parses; it leaves the pages of the
			// batches being parsed (win)
			win = new(pageWindow)
			indexed = indexLinesAsync(f, win.releaseOutside(f.Text, release))
		}
		p.result = parseCompact(f, r.pre, release, win)
		if p.mapped != nil {
			indexed()
			// the rules read the kept statements' own copies, and the
			// text around findings a page at a time
			detachMapped(p.result, data, release)
			f.SetRelease(release)
		}
	} else {
		p.result = parser.ParseFile(f, r.pre)
	}
	if r.guess != nil {
		r.guess.saw(&in, p.result)
	}
	return p
}

// indexLinesAsync builds f's line index (File.IndexLines) in a goroutine
// of its own, and returns a function that waits for it and panics with
// its panic, if any: a fault on a mapped file cut short is the file's
// error, as if the index were built by the caller. A caller that panics
// before waiting leaves the goroutine to end alone (a fault there is
// recovered).
func indexLinesAsync(f *parser.File, release func()) func() {
	return goFaulting(func() { f.IndexLines(release) })
}

// goFaulting runs fn on a goroutine of its own, where a fault reading a
// mapping (a file cut short) is a panic, and returns the wait: it
// returns once fn has, and panics with fn's panic, so that the caller's
// recovery sees it as its own. A caller that panics before waiting
// leaves the goroutine to end alone (its panic is recovered).
func goFaulting(fn func()) (wait func()) {
	done := make(chan any, 1)
	go func() {
		var x any
		defer func() { done <- x }()
		defer func() { x = recover() }()
		debug.SetPanicOnFault(true)
		fn()
	}()
	return func() {
		if x := <-done; x != nil {
			panic(x)
		}
	}
}

// overlaid reports whether the overlay holds path.
func (r *run) overlaid(path string) bool {
	if r.opt.Overlay == nil || path == "" {
		return false
	}
	_, ok := r.opt.Overlay[r.abs(path)]
	return ok
}

// decode is parser.Decode without its copy in the common case: plain
// UTF-8 without a byte order mark or a NUL byte becomes the file's text
// as it is (data is never written again), which halves a large file's
// peak memory.
func decode(path string, data []byte) (*parser.File, error) {
	if len(data) == 0 || bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) ||
		bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || !plainText(data) {
		return parser.Decode(path, data)
	}
	return parser.NewFile(path, unsafe.String(unsafe.SliceData(data), len(data))), nil
}

// parseChunk is how much batch text is parsed at a time before the
// statements no rule reads are dropped, and parseBatches how many batches
// at most (a script of tiny batches); variables for tests.
var (
	parseChunk   = 4 << 20
	parseBatches = 16 << 10
)

// streamMin is the size of batch from which it is parsed on its own, a
// window of tokens at a time (parser.ParseBatchStream): its memory is
// that of its longest statement, not of the batch (a variable for tests).
var streamMin = 1 << 20

// stmtBuffers hold the statements of the batches being parsed, reused
// from one run of batches, and one file, to the next. The Compactor
// keeps a statement for its Dynamic facts only in a batch with ADD FILE
// text: the others' are not recorded (AddFileOnly).
var stmtBuffers = sync.Pool{New: func() any { return &parser.StatementBuffer{AddFileOnly: true} }}

// parseCompact preprocesses f, handing its batches on as the preprocessor
// finds them, and parses them a run at a time, keeping only the
// statements the rules read (rules.Compactor): a large script never holds
// all its batches, or their statements and tokens, at once. A plain batch
// (parser.PreprocessPlain: nothing in it but ordinary statements) is not
// parsed at all when the Compactor would keep nothing of it: most batches
// of most scripts. A batch of streamMin bytes or more (seed data without
// a GO) is parsed on its own, a window of its tokens at a time, its
// statements handed on as they complete (parser.ParseBatchStream).
// release, when not nil, is called after each run of about parseChunk
// bytes (the pages of a mapped file already read may go).
//
// A script of pipeMin bytes or more is preprocessed on the calling
// goroutine while a second one parses its runs of batches, in order
// (parsePiped): the result is the same.
//
// win, when not nil, is kept up to date with the part of f's text that
// batches being parsed on the second goroutine still read.
func parseCompact(f *parser.File, opt *parser.PreprocessOptions, release func(), win *pageWindow) *parser.Result {
	pc := &compactParse{f: f, release: release, res: &parser.Result{}, win: win}
	pc.buf = stmtBuffers.Get().(*parser.StatementBuffer)
	// a batch that is not plain is parsed only as far as the Compactor
	// needs: its statements of interest, and after them the blocker
	pc.buf.Stops = compactorStops
	defer func() {
		pc.buf.DropNodes() // none when taken below
		pc.buf.Reset()
		pc.buf.Stops = nil
		stmtBuffers.Put(pc.buf)
	}()
	pc.file1[0] = f
	pc.files = pc.file1[:]
	var s *parser.Script
	if len(f.Text) >= pipeMin {
		s = pc.parsePiped(opt)
	} else {
		s = parser.PreprocessLent(f, opt, pc.batch)
	}
	pc.files = s.Files
	pc.parse()
	if release != nil {
		release()
	}
	res := pc.res
	res.Script = s
	res.Diags = append(append(res.Diags, s.Diags...), pc.diags...)
	res.Statements = pc.c.Flush(res.Statements)
	pc.c.Rescope(res.Directives) // (Flush settles the last)
	// the nodes of f's statements, released once its rules have run
	// (rules.Engine.Check)
	res.Nodes = pc.buf.TakeNodes()
	// and the kept statements, released once f's findings are resolved
	// (static)
	res.Kept = pc.c.TakeRoom()
	return res
}

// compactorStops is rules.Compactor.Stops, which reads nothing of the
// Compactor, as a function: a method value of each file's Compactor
// would be allocated for each file.
func compactorStops(st *parser.Statement) bool { return noCompactor.Stops(st) }

// noCompactor is the Compactor compactorStops asks (never changed).
var noCompactor rules.Compactor

// compactParse is the state of one parseCompact (one allocation for the
// file rather than one per variable its closures would share).
type compactParse struct {
	f       *parser.File
	release func()
	res     *parser.Result
	c       rules.Compactor
	buf     *parser.StatementBuffer
	pending []*parser.Batch
	size    int           // bytes in pending
	done    int           // bytes read since the last release
	diags   []parser.Diag // the parser's; the preprocessor's come first
	files   []*parser.File
	file1   [1]*parser.File // the room of files before the preprocessor's
	script  parser.Script   // the run being parsed
	win     *pageWindow     // or nil
	// settled is set when c.Settled() was true and nothing was added
	// to c since: the plain batches of a long run are dropped without
	// asking again.
	settled bool
	// stream is the batch being parsed on its own (streamMin), its
	// statements handed on up to streamDone (an offset in its text) when
	// pages were last released; reached is the offset in f's text the
	// parse has handed its statements on up to, in such a batch that is
	// a part of f's text (parsePiped releases the pages before it)
	stream     *parser.Batch
	streamDone int
	reached    int
}

// batch takes the next batch from the preprocessor. A plain batch is
// lent (parser.PreprocessLent): it is copied when kept, or parsed, as
// the statements of a batch point to it.
func (pc *compactParse) batch(b *parser.Batch, plain bool) {
	if pc.release != nil {
		if pc.done += len(b.Text); pc.done >= parseChunk {
			pc.parse()
			pc.release()
			pc.done = 0
		}
	}
	if plain && skimming {
		// Whether the Compactor needs it depends on the batches before
		// it: parse those first.
		pc.parse()
		if pc.settled || pc.c.Settled() || pc.c.SettleUnseen() {
			pc.settled = true
			return
		}
		b = b.Clone()
		if pc.c.Hunting() {
			// only the run's blocker is wanted from it: its statements up
			// to the first SL303 cannot look through
			stmts := parser.ParsePlainUntil(b, pc.buf, pc.c.Stops)
			pc.settled = false
			pc.res.Statements = pc.c.AddTo(pc.res.Statements, stmts, nil)
			return
		}
	}
	if plain && !skimming {
		b = b.Clone()
	}
	if len(b.Text) >= streamMin {
		// one large batch (seed data without a GO): parsed a window of
		// tokens at a time, its statements handed on as they complete,
		// so that its tokens and statements are never all in memory
		pc.parse()
		pc.stream, pc.streamDone = b, 0
		ok := parser.ParseBatchStream(b, pc.buf, pc.streamPart, pc.streamLooked)
		pc.stream = nil
		if ok {
			return
		}
	}
	if len(pc.pending) > 0 && (pc.size+len(b.Text) > parseChunk || len(pc.pending) >= parseBatches) {
		pc.parse()
	}
	pc.pending = append(pc.pending, b)
	pc.size += len(b.Text)
}

// parse parses the pending batches and keeps what the Compactor keeps.
func (pc *compactParse) parse() {
	if len(pc.pending) == 0 {
		return
	}
	// the statements of part live until the next call on buf: the
	// Compactor copies the ones it keeps
	pc.script = parser.Script{File: pc.f, Files: pc.files, Batches: pc.pending}
	pc.part(parser.ParseScriptReuse(&pc.script, pc.buf))
	// parsed batches die unless a kept statement needs them
	clear(pc.pending)
	pc.pending, pc.size = pc.pending[:0], 0
}

// streamPart is part for the runs of statements of a batch parsed on
// its own: the pages of a mapped script are released every parseChunk
// bytes of the batch, as between runs of batches.
func (pc *compactParse) streamPart(r *parser.Result) {
	pc.part(r)
	if pc.release == nil || len(r.Statements) == 0 {
		return
	}
	at := r.Statements[len(r.Statements)-1].Start
	if at-pc.streamDone < parseChunk {
		return
	}
	pc.streamDone = at
	text := pc.f.Text
	if off := uintptr(unsafe.Pointer(unsafe.StringData(pc.stream.Text))) - uintptr(unsafe.Pointer(unsafe.StringData(text))); off < uintptr(len(text)) {
		pc.reached = int(off) + at // the parse reads no further back
	}
	pc.release()
}

// streamLooked lets the pages of a mapped script's batch being parsed on
// its own go behind a first pass over it (parser.ParseBatchStream): the
// parse reads them again from the start.
func (pc *compactParse) streamLooked(upto int) {
	if pc.release == nil {
		return
	}
	text := pc.f.Text
	if off := uintptr(unsafe.Pointer(unsafe.StringData(pc.stream.Text))) - uintptr(unsafe.Pointer(unsafe.StringData(text))); off < uintptr(len(text)) {
		releaseText(text, int(off), int(off)+upto)
	}
}

// part keeps what the Compactor keeps of a run of parsed statements.
func (pc *compactParse) part(part *parser.Result) {
	pc.settled = false
	pc.diags = append(pc.diags, part.Diags...)
	if len(part.Branches) > 0 {
		pc.res.Branches = append(pc.res.Branches, part.Branches...)
	}
	pc.res.Statements = pc.c.AddTo(pc.res.Statements, part.Statements, part.Directives)
	// after AddTo, which sets their Scope
	pc.res.Directives = append(pc.res.Directives, part.Directives...)
}

// pipeMin is the size of script from which parseCompact preprocesses
// and parses on two goroutines (a variable for tests). Below it the
// handoffs would cost more than they save, and a run of many small files
// keeps both cores busy with a file each.
var pipeMin = 16 << 20

// pipeChunk is the size of a run handed on (parsePiped): a quarter of a
// run parsed, so that the preprocessor is never far ahead, and the pages
// both read stay few.
var pipeChunk = 1 << 20

// pipeBatches is the most batches a run handed on holds (its memory is
// made once, and reused).
const pipeBatches = 4 << 10

// pipeRun is a run of batches handed from the preprocessor to the
// goroutine that parses them (parsePiped): at most parseChunk bytes or
// parseBatches batches.
type pipeRun struct {
	items []pipeItem
	size  int // bytes of batches, those dropped included
	// dropped is the bytes of plain batches the preprocessor dropped
	// (parsePiped), counted towards the next release
	dropped int
	// end is the offset in the script's text of the end of its last
	// batch, or -1
	end int
}

// pipeItem is one batch of a pipeRun: a batch the preprocessor gave
// away (b), or a copy of a lent plain one (lent, seg), which the
// preprocessor's next plain batch would overwrite.
type pipeItem struct {
	b     *parser.Batch
	lent  parser.Batch
	seg   parser.Segment
	plain bool
}

// parsePiped is parseCompact's preprocess-and-parse on two goroutines:
// the calling one preprocesses and hands the batches on in runs, through
// a queue of one run, to a second one that takes them in order exactly as
// batch would (parsing, skimming, the Compactor's calls: all of them on
// that goroutine, in the script's order). So at most three runs are in
// memory: the one being parsed, the one queued, the one being filled.
// Pages of a mapped script are released (pc.release) only by the second
// goroutine, behind the batch it takes: the preprocessor is ahead of it.
// A panic on either goroutine (a fault on a mapped script cut short, a
// bug) stops both and is the caller's panic, as on one goroutine.
func (pc *compactParse) parsePiped(opt *parser.PreprocessOptions) *parser.Script {
	runs := make(chan *pipeRun, 1)
	free := make(chan *pipeRun, 3)
	done := make(chan any, 1)
	mapped := pc.release != nil // (the parsing goroutine sets its own)
	var failed atomic.Bool
	// settledAt is the number of the last batch after which the parse was
	// settled (pc.settled), or -1: while it is, a plain batch is dropped
	// there unlooked-at, so the preprocessor drops the plain batches that
	// follow it (and no other batch) itself.
	var settledAt atomic.Int64
	settledAt.Store(-1)
	go func() {
		var x any
		defer func() { done <- x }()
		defer func() {
			if x = recover(); x != nil {
				failed.Store(true)
				for range runs {
					// the preprocessor stops at its next run
				}
			}
		}()
		debug.SetPanicOnFault(true)
		n, settled := int64(0), false
		// pages are released behind the batch being taken, the text
		// before it being read by both goroutines
		text, at, released := pc.f.Text, 0, 0
		base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
		if pc.release != nil {
			// called with nothing pending: the batches parsed from now on
			// start at or after at
			pc.release = func() {
				hi := max(at, pc.reached) // within a batch parsed on its own
				releaseText(text, released, hi)
				released = max(released, hi)
				if pc.win != nil {
					pc.win.lo.Store(int64(hi))
				}
			}
		}
		for run := range runs {
			for i := range run.items {
				it := &run.items[i]
				b := it.b
				if b == nil {
					it.lent.Segs = unsafe.Slice(&it.seg, 1)
					b = &it.lent
				}
				if off := uintptr(unsafe.Pointer(unsafe.StringData(b.Text))) - base; off < uintptr(len(text)) {
					at = int(off)
				}
				if pipeTaken != nil {
					pipeTaken(b)
				}
				pc.batch(b, it.plain)
				if pc.settled != settled {
					settled = pc.settled
					if settled {
						settledAt.Store(n)
					} else {
						settledAt.Store(-1)
					}
				}
				n++
			}
			if pc.release != nil && run.dropped > 0 {
				// what the preprocessor dropped was read: its pages may go
				if run.end >= 0 {
					at = max(at, run.end)
				}
				if pc.done += run.dropped; pc.done >= parseChunk {
					pc.parse()
					pc.release()
					pc.done = 0
				}
			}
			if pc.release != nil {
				// after each run, the pages before the first batch still
				// to be parsed go: the preprocessor is past them
				upto := at
				for _, b := range pc.pending {
					if off := uintptr(unsafe.Pointer(unsafe.StringData(b.Text))) - base; off < uintptr(len(text)) {
						upto = min(upto, int(off))
						break
					}
				}
				if upto > released {
					releaseText(text, released, upto)
					released = upto
					if pc.win != nil {
						pc.win.lo.Store(int64(upto))
					}
				}
			}
			clear(run.items)
			run.items, run.size, run.dropped, run.end = run.items[:0], 0, 0, -1
			select {
			case free <- run:
			default:
			}
		}
	}()
	var cur *pipeRun
	base := uintptr(unsafe.Pointer(unsafe.StringData(pc.f.Text)))
	sent, lastOther := int64(0), int64(-1) // batches handed on; the number of the last not plain
	send := func() {
		if pc.win != nil && cur.end >= 0 {
			// the preprocessor reads on from here
			pc.win.hi.Store(int64(cur.end + pipeChunk))
		}
		runs <- cur
		cur = nil
		if failed.Load() {
			panic(pipeStopped{})
		}
	}
	waited := false
	wait := func() {
		close(runs)
		waited = true
		if x := <-done; x != nil {
			panic(x)
		}
	}
	defer func() {
		if waited {
			return
		}
		// the preprocessor panicked, or stopped for the parse: the parse
		// stops, and the first panic is the one reported
		y := recover()
		failed.Store(true)
		close(runs)
		x := <-done
		if _, stopped := y.(pipeStopped); stopped {
			y = x
		}
		if y != nil {
			panic(y)
		}
	}()
	// handed is the end of the last batch handed on that is a part of
	// the script's text: a batch being built after it, longer than a few
	// MB, is read again only once handed on, by its parse, so its pages
	// are released behind the preprocessor (one batch of seed data)
	handed, text := 0, pc.f.Text
	var reading func(off int)
	if mapped {
		reading = func(off int) {
			if off-handed > 2*parser.ReadingStep {
				releaseText(text, handed, off-parser.ReadingStep)
			}
		}
	}
	s := parser.PreprocessLentReading(pc.f, opt, func(b *parser.Batch, plain bool) {
		if cur == nil {
			select {
			case cur = <-free:
			default:
				cur = &pipeRun{items: make([]pipeItem, 0, pipeBatches), end: -1}
			}
		}
		if off := uintptr(unsafe.Pointer(unsafe.StringData(b.Text))) - base; off < uintptr(len(pc.f.Text)) {
			cur.end = int(off) + len(b.Text)
			handed = cur.end
		}
		if plain && skimming {
			if at := settledAt.Load(); at >= 0 && at >= lastOther {
				// the parse is settled after a batch at or after the last
				// that was not plain: it would drop this one unlooked-at
				cur.dropped += len(b.Text)
				if cur.size += len(b.Text); cur.size >= pipeChunk {
					send()
				}
				return
			}
		}
		if !plain {
			lastOther = sent
		}
		sent++
		if plain && len(b.Segs) == 1 {
			cur.items = append(cur.items, pipeItem{lent: *b, seg: b.Segs[0], plain: true})
			cur.items[len(cur.items)-1].lent.Segs = nil
		} else {
			if plain {
				b = b.Clone()
			}
			cur.items = append(cur.items, pipeItem{b: b, plain: plain})
		}
		if cur.size += len(b.Text); cur.size >= pipeChunk || len(cur.items) >= min(pipeBatches, parseBatches) {
			send()
		}
	}, reading)
	if cur != nil {
		send()
	}
	wait()
	return s
}

// pageWindow is the part of a mapped script's text [lo, hi) that the
// batches being parsed on parsePiped's second goroutine may still read:
// from the first batch not yet parsed to a little past the last the
// preprocessor handed on (it reads on). hi 0: the whole text.
type pageWindow struct{ lo, hi atomic.Int64 }

// releaseOutside is release for another reader of text (the line index):
// the pages of text outside the window go, the window's stay, for the
// parse to read. Without a window (nil w, or before the first run), it
// is release.
func (w *pageWindow) releaseOutside(text string, release func()) func() {
	if w == nil || release == nil {
		return release
	}
	return func() {
		lo, hi := int(w.lo.Load()), int(w.hi.Load())
		if hi <= 0 {
			release()
			return
		}
		releaseText(text, 0, min(lo, len(text)))
		releaseText(text, min(hi, len(text)), len(text))
	}
}

// pipeTaken, when set, is called with each batch parsePiped's second
// goroutine takes (tests).
var pipeTaken func(*parser.Batch)

// pipeStopped stops the preprocessor of parsePiped when the parse has
// failed: the parse's panic is the one reported.
type pipeStopped struct{}

// skimming lets parseCompact drop plain batches unparsed (a variable for
// the differential test, which compares with and without).
var skimming = true

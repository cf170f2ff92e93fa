//go:build linux

package analysis

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// listDir lists every entry of a folder, and refuses anything else at
// once: a named pipe in a folder's place never blocks the walk.
func TestListDir(t *testing.T) {
	dir := t.TempDir()
	want := []string{"V10.sql", "V2.sql", "a", "b.txt"}
	for _, name := range want {
		var err error
		if name == "a" {
			err = os.Mkdir(filepath.Join(dir, name), 0o755)
		} else {
			err = os.WriteFile(filepath.Join(dir, name), []byte("SELECT 1"), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	ents, err := listDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
		if e.IsDir() != (e.Name() == "a") {
			t.Errorf("%s: IsDir %v", e.Name(), e.IsDir())
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, p := range []string{fifo, filepath.Join(dir, "b.txt")} {
		if _, err := listDir(p); !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("listDir(%s): %v, want not a directory", p, err)
		}
	}
}

// openPath opens what syscall.Open opens and fails as it fails: paths
// that fit its room and longer ones, relative ones, missing files, a
// NUL in a path.
func TestOpenPathAsSyscallOpen(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, strings.Repeat("d", 200), strings.Repeat("e", 100))
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	chdir(t, dir)
	var paths []string
	for _, d := range []string{dir, long, "."} {
		for _, name := range []string{"a.sql", "missing.sql"} {
			paths = append(paths, filepath.Join(d, name))
		}
	}
	for _, p := range paths {
		if !strings.HasSuffix(p, "missing.sql") {
			if err := os.WriteFile(p, []byte("SELECT 1;\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	paths = append(paths, "a\x00.sql", strings.Repeat("x", pathRoom-1), strings.Repeat("x", pathRoom))
	flags := syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	for _, p := range paths {
		fd, err := openPath(p, flags)
		wfd, werr := syscall.Open(p, flags, 0)
		if !errors.Is(err, werr) || (fd >= 0) != (wfd >= 0) {
			t.Errorf("openPath(%.40q...) = %d, %v; syscall.Open %d, %v", p, fd, err, wfd, werr)
		}
		if fd >= 0 && wfd >= 0 {
			var a, b syscall.Stat_t
			if syscall.Fstat(fd, &a) != nil || syscall.Fstat(wfd, &b) != nil || a.Ino != b.Ino {
				t.Errorf("%.40q: not the same file", p)
			}
		}
		for _, f := range []int{fd, wfd} {
			if f >= 0 {
				_ = syscall.Close(f)
			}
		}
	}
}

// listDir gives the entries os.ReadDir gives, with their names, types and
// information: files, folders, links, a named pipe, names of any length
// and enough of them to take several reads of the folder; also when the
// type of each is asked of the file (a file system that does not say).
func TestListDirAsOSReadDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 1500 {
		name := fmt.Sprintf("V%d__%s.sql", i, strings.Repeat("é", i%100))
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, sub := range []string{"sub", ".git", "x.sql"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{{"V1__.sql", "link.sql"}, {"sub", "linkdir"}, {"nowhere", "dangling.sql"}} {
		if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.sql"), 0o644); err != nil {
		t.Fatal(err)
	}
	describe := func(ents []os.DirEntry) []string {
		var out []string
		for _, e := range ents {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s %v %v %v %d", e.Name(), e.IsDir(), e.Type(), info.Mode(), info.Size()))
		}
		slices.Sort(out)
		return out
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { forceLstat = false }()
	for _, force := range []bool{false, true} {
		forceLstat = force
		got, err := listDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := describe(got), describe(want); !slices.Equal(g, w) {
			t.Fatalf("forceLstat %v: %d entries, want %d; first: %q, want %q", force, len(g), len(w), g[:min(3, len(g))], w[:min(3, len(w))])
		}
	}
	for _, p := range []string{filepath.Join(dir, "V1__.sql"), filepath.Join(dir, "missing"), filepath.Join(dir, "pipe.sql")} {
		_, err := listDir(p)
		_, werr := os.ReadDir(p)
		if err == nil || werr == nil || err.Error() != werr.Error() {
			t.Errorf("listDir(%s): %v, want %v", p, err, werr)
		}
	}
}

// eachDirent reads any bytes without a panic, stopping at a record cut
// short, and reads whole records as the system writes them.
func TestEachDirentAnyBytes(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		buf := make([]byte, rnd.IntN(80))
		for i := range buf {
			buf[i] = byte(rnd.IntN(256))
		}
		if len(buf) > 17 && rnd.IntN(2) == 0 {
			buf[16], buf[17] = byte(rnd.IntN(len(buf)+8)), 0 // a length that may fit
		}
		eachDirent(buf, func([]byte, fs.FileMode) {})
	}
	// two records: "a.sql" (regular) and "." (left out), then one cut short
	rec := func(name string, typ byte) []byte {
		r := make([]byte, (19+len(name)+1+7)&^7)
		r[16] = byte(len(r))
		r[18] = typ
		copy(r[19:], name)
		return r
	}
	buf := append(append(rec("a.sql", syscall.DT_REG), rec(".", syscall.DT_DIR)...), rec("cut.sql", syscall.DT_REG)[:20]...)
	var got []string
	eachDirent(buf, func(name []byte, typ fs.FileMode) { got = append(got, string(name)+" "+typ.String()) })
	if want := []string{"a.sql ----------"}; !slices.Equal(got, want) {
		t.Errorf("records %q, want %q", got, want)
	}
}

// A worker's dirCache opens the files of a folder relative to it: the
// same files openPath opens, the same errors for those it cannot, across
// folders, with names that are no file's, through a folder link; a
// folder moved away while its files are read is the one read. close lets
// the folder's descriptor go.
func TestDirCacheOpensAsOpenPath(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b", "b/c"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/1.sql", "a/2.sql", "b/1.sql", "b/c/1.sql", "top.sql"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("b", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	chdir(t, dir)
	paths := []string{
		filepath.Join(dir, "a/1.sql"), filepath.Join(dir, "a/2.sql"), filepath.Join(dir, "a/missing.sql"),
		filepath.Join(dir, "a/1.sql/x"), filepath.Join(dir, "a") + "/", filepath.Join(dir, "a") + "/..",
		filepath.Join(dir, "b/1.sql"), filepath.Join(dir, "b/c/1.sql"), filepath.Join(dir, "link/1.sql"),
		filepath.Join(dir, "missing/1.sql"), filepath.Join(dir, "a/1.sql"),
		"top.sql", "a/2.sql", "./a/1.sql", "/", "a/\x00.sql", "a/" + strings.Repeat("x", pathRoom),
	}
	flags := syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	ino := func(fd int) uint64 {
		var st syscall.Stat_t
		if err := syscall.Fstat(fd, &st); err != nil {
			t.Fatal(err)
		}
		return st.Ino
	}
	var c dirCache
	check := func(p string) {
		t.Helper()
		fd, err := c.open(p, flags)
		wfd, werr := openPath(p, flags)
		if !errors.Is(err, werr) {
			t.Errorf("open(%.40q) = %d, %v; openPath %d, %v", p, fd, err, wfd, werr)
		}
		if err == nil && werr == nil && ino(fd) != ino(wfd) {
			t.Errorf("%.40q: not the same file", p)
		}
		if err == nil {
			_ = syscall.Close(fd)
		}
		if werr == nil {
			_ = syscall.Close(wfd)
		}
	}
	for _, p := range paths {
		check(p)
	}
	// the folder of the last file stays open, and is used
	check(filepath.Join(dir, "b/1.sql"))
	if c.dir != filepath.Join(dir, "b") || c.fd < 0 {
		t.Fatalf("folder kept %q (descriptor %d), want %q open", c.dir, c.fd, filepath.Join(dir, "b"))
	}
	// the folder moved away while its files are read (another put in its
	// place): they are read from the folder the worker opened
	if err := os.Rename(filepath.Join(dir, "b"), filepath.Join(dir, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if fd, err := c.open(filepath.Join(dir, "b/1.sql"), flags); err != nil {
		t.Errorf("a file of the folder moved: %v", err)
	} else {
		wfd, err := openPath(filepath.Join(dir, "old/1.sql"), flags)
		if err != nil {
			t.Fatal(err)
		}
		if ino(fd) != ino(wfd) {
			t.Errorf("a file of the folder moved: not the file of the folder opened")
		}
		_ = syscall.Close(fd)
		_ = syscall.Close(wfd)
	}
	fd := c.fd
	c.close()
	if c.dir != "" || c.fd != -1 {
		t.Errorf("after close: folder %q, descriptor %d", c.dir, c.fd)
	}
	if _, err := fcntl(fd, syscall.F_GETFD); !errors.Is(err, syscall.EBADF) {
		t.Errorf("the folder's descriptor %d is still open (%v)", fd, err)
	}
	var zero dirCache
	zero.close() // nothing open: closes nothing
	var none *dirCache
	if fd, err := none.open(filepath.Join(dir, "a/1.sql"), flags); err != nil {
		t.Errorf("a nil cache: %v", err)
	} else {
		_ = syscall.Close(fd)
	}
}

func fcntl(fd, cmd int) (int, error) {
	r, _, e := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), uintptr(cmd), 0)
	if e != 0 {
		return -1, e
	}
	return int(r), nil
}

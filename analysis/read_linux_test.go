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

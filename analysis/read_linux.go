//go:build linux

package analysis

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// On Linux the files of a run are read with plain system calls: an
// *os.File registers every descriptor with the runtime's poller (one
// epoll_ctl per file, refused for regular files) and reads once more
// for the end of the file. Here a file costs open, fstat, the reads of
// its bytes and close: for 20,000 small scripts read twice (the include
// pre-pass, then the worker), 40,000 system calls fewer.

// openRegular opens path (through at when not nil) for reading, never
// blocking on a named pipe, and returns its descriptor and size after
// checking that it is a regular file (the errors are those of readFileOS).
func openRegular(at *dirCache, path string) (fd int, id fileID, size int64, err error) {
	for {
		fd, err = at.open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return -1, fileID{}, 0, openError(err)
	}
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err != nil:
	case st.Mode&syscall.S_IFMT == syscall.S_IFDIR:
		err = errors.New("is a directory")
	case st.Mode&syscall.S_IFMT != syscall.S_IFREG:
		err = errNotRegular
	}
	if err != nil {
		_ = syscall.Close(fd)
		return -1, fileID{}, 0, err
	}
	return fd, fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, st.Size, nil //nolint:unconvert // Dev is not uint64 everywhere
}

// pathRoom is the room for a path (and its closing NUL) on openPath's
// stack.
const pathRoom = 256

// openPath is syscall.Open(path, flags, 0) without the copy of the path
// syscall.Open makes on the heap for every file (openAt).
func openPath(path string, flags int) (int, error) { return openAt(atFDCWD, path, flags) }

// openAt is syscall.Openat(dirfd, path, flags, 0) without its copy of the
// path on the heap: a path of fewer than pathRoom bytes goes to the
// system from the stack.
func openAt(dirfd int, path string, flags int) (int, error) {
	var room [pathRoom]byte
	if len(path) >= len(room) || strings.IndexByte(path, 0) >= 0 {
		return syscall.Openat(dirfd, path, flags, 0) // its error for a NUL in a path
	}
	copy(room[:], path) // room[len(path)] is the closing NUL
	fd, _, e := syscall.Syscall6(syscall.SYS_OPENAT, uintptr(dirfd), uintptr(unsafe.Pointer(&room[0])),
		uintptr(flags|syscall.O_LARGEFILE), 0, 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(fd), nil
}

// dirCache is a worker's open folder: the files of the folder it reads
// are opened relative to it (openat), so that the system looks up only
// their names rather than every folder of their paths again (a folder's
// files come one after another in run order). The zero value holds no
// folder; close lets the folder go. (A folder moved away while the run
// reads it is read where it went, as a file moved away while it is read.)
type dirCache struct {
	dir string // the folder open, "" for none
	fd  int    // its descriptor, -1 when it could not be opened
}

// open opens path with flags, relative to its folder's descriptor when
// it has a folder; a nil cache opens the whole path. Any error is that of
// the whole path: a file the relative open misses is opened again by its
// path, which answers as it always did.
func (c *dirCache) open(path string, flags int) (int, error) {
	i := strings.LastIndexByte(path, '/')
	if c == nil || i <= 0 {
		return openPath(path, flags)
	}
	dir, name := path[:i], path[i+1:]
	if name == "" || name == "." || name == ".." {
		return openPath(path, flags)
	}
	if dir != c.dir {
		c.close()
		fd, err := openPath(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
		if err != nil {
			fd = -1 // not readable (only searchable): whole paths then
		}
		c.dir, c.fd = dir, fd
	}
	if c.fd < 0 {
		return openPath(path, flags)
	}
	if fd, err := openAt(c.fd, name, flags); err == nil {
		return fd, nil
	}
	return openPath(path, flags)
}

// close lets the folder open go.
func (c *dirCache) close() {
	if c.dir != "" && c.fd >= 0 {
		_ = syscall.Close(c.fd)
	}
	c.dir, c.fd = "", -1
}

// atFDCWD is AT_FDCWD: a path relative to the working directory.
const atFDCWD = -100

// readFD reads into buf[len(buf):cap(buf)] once, retrying when
// interrupted; n is 0 at the end of the file.
func readFD(fd int, buf []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if !errors.Is(err, syscall.EINTR) {
			if n < 0 {
				n = 0
			}
			return n, err
		}
	}
}

// readFile is readFileOS without an *os.File (the file opened through at
// when not nil): one open, one fstat, the reads (none past the size fstat
// gave unless the file grew or says it is empty), one close.
func readFile(at *dirCache, path string, r *run, mayMap, lend bool) ([]byte, fileID, bool, error) {
	fd, id, size, err := openRegular(at, path)
	if err != nil {
		return nil, fileID{}, false, err
	}
	if mayMap && canMap && size >= mapMin {
		_ = syscall.Close(fd)
		return readFileOS(path, r, mayMap, lend)
	}
	defer syscall.Close(fd)
	data := buffer(size+1, lend)
	for {
		n, err := readFD(fd, data)
		if err != nil {
			return nil, fileID{}, false, err
		}
		data = data[:len(data)+n]
		if n == 0 || size > 0 && int64(len(data)) == size {
			// the size fstat gave: a file that grows while it is read
			// is read as it was then, and one that says it is empty
			// (some file systems do) to its end
			return data, id, false, nil
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // the file grew
		}
	}
}

// scanFile reads a regular file (opened through at when not nil) through
// buf and returns its identity and whether it may hold a :r command.
func scanFile(at *dirCache, path string, buf []byte) (fileID, bool) {
	fd, id, size, err := openRegular(at, path)
	if err != nil {
		return fileID{}, false
	}
	defer syscall.Close(fd)
	keep := 0 // bytes carried over from the previous read: a ':' may end it
	var total int64
	for {
		n, err := readFD(fd, buf[:keep])
		if n > 0 {
			total += int64(n)
			chunk := buf[:keep+n]
			if mayInclude(chunk) {
				return id, true
			}
			keep = copy(buf, chunk[max(0, len(chunk)-2):])
		}
		if err != nil || n == 0 || size > 0 && total >= size {
			return id, false
		}
	}
}

// listDir is os.ReadDir without its sort by name: the walk sorts the
// entries naturally anyway. O_DIRECTORY makes the open of anything but a
// folder fail at once (a named pipe put in a folder's place never blocks),
// with os.ReadDir's error. It reads the entries with plain system calls
// and makes a folder's entries in a few allocations, not two an entry (an
// *os.File's entry and its name): their names are parts of one string,
// the entries one array.
func listDir(name string) ([]os.DirEntry, error) {
	fd, err := openDirFD(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	// the folder's records, read whole into a buffer of the pool; then
	// its names and entries made to their size
	bp := direntBuffers.Get().(*[]byte)
	raw := (*bp)[:0]
	defer func() { *bp = raw[:0]; direntBuffers.Put(bp) }()
	var rerr error
	for {
		if cap(raw)-len(raw) < 4<<10 {
			raw = slices.Grow(raw, max(8<<10, cap(raw)))
		}
		n, err := syscall.ReadDirent(fd, raw[len(raw):cap(raw)])
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			rerr = &fs.PathError{Op: "readdirent", Path: name, Err: err}
			break
		}
		if n <= 0 {
			break
		}
		raw = raw[:len(raw)+n]
	}
	count, size := 0, 0
	eachDirent(raw, func(entry []byte, _ fs.FileMode) { count, size = count+1, size+len(entry) })
	names := make([]byte, 0, size)
	ents := make([]dirEntry, 0, count)
	eachDirent(raw, func(entry []byte, typ fs.FileMode) {
		names = append(names, entry...)
		ents = append(ents, dirEntry{dir: name, typ: typ})
	})
	all := unsafe.String(unsafe.SliceData(names), len(names)) // never written again
	out := make([]os.DirEntry, 0, count)
	start := 0
	eachDirent(raw, func(entry []byte, _ fs.FileMode) {
		e := &ents[len(out)]
		e.name = all[start : start+len(entry)]
		start += len(entry)
		out = append(out, e)
	})
	for i := 0; i < len(out); i++ {
		e := out[i].(*dirEntry)
		if e.typ != unknownType && !forceLstat {
			continue
		}
		// as os.ReadDir: the file system did not say; a file gone
		// meanwhile is left out
		info, err := os.Lstat(name + "/" + e.name)
		if errors.Is(err, fs.ErrNotExist) {
			out = slices.Delete(out, i, i+1)
			i--
			continue
		}
		if err != nil {
			return out[:i], err
		}
		e.typ = info.Mode().Type()
	}
	return out, rerr
}

// openDirFD opens folder name for reading its entries, retrying when
// interrupted: anything but a folder fails at once (O_DIRECTORY).
func openDirFD(name string) (fd int, err error) {
	for {
		fd, err = openPath(name, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}

// direntBuffers hold the buffers listDir reads entries into.
var direntBuffers = sync.Pool{New: func() any { return new([]byte) }}

// forceLstat makes listDir ask the type of every entry, as for a file
// system that does not say (tests).
var forceLstat = false

// unknownType is the type of an entry whose file system did not say it.
const unknownType = ^fs.FileMode(0)

// eachDirent calls fn with the name and type of each entry of buf (linux
// dirent64 records) but "." and "..", up to a record cut short, if any
// (os.ReadDir stops there too).
func eachDirent(buf []byte, fn func(name []byte, typ fs.FileMode)) {
	const (
		reclenOff = unsafe.Offsetof(syscall.Dirent{}.Reclen)
		typeOff   = unsafe.Offsetof(syscall.Dirent{}.Type)
		nameOff   = unsafe.Offsetof(syscall.Dirent{}.Name)
	)
	for len(buf) > 0 {
		if len(buf) < int(nameOff) {
			return
		}
		reclen := int(*(*uint16)(unsafe.Pointer(&buf[reclenOff]))) // native order
		if reclen <= int(nameOff) || reclen > len(buf) {
			return
		}
		rec := buf[:reclen]
		buf = buf[reclen:]
		name := rec[nameOff:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		if string(name) == "." || string(name) == ".." {
			continue
		}
		fn(name, direntType(rec[typeOff]))
	}
}

// direntType is the fs.FileMode type of a dirent64's d_type, as
// os.ReadDir reads it.
func direntType(t byte) fs.FileMode {
	switch t {
	case syscall.DT_BLK:
		return fs.ModeDevice
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_REG:
		return 0
	case syscall.DT_SOCK:
		return fs.ModeSocket
	}
	return unknownType
}

// dirEntry is an entry listDir read.
type dirEntry struct {
	dir, name string
	typ       fs.FileMode
}

func (d *dirEntry) Name() string               { return d.name }
func (d *dirEntry) IsDir() bool                { return d.typ.IsDir() }
func (d *dirEntry) Type() fs.FileMode          { return d.typ }
func (d *dirEntry) Info() (fs.FileInfo, error) { return os.Lstat(d.dir + "/" + d.name) }
func (d *dirEntry) String() string             { return fs.FormatDirEntry(d) }

// peekRoom is how many bytes of a folder's records peekDir reads at a
// time: about 40 entries, where a read of os.File.ReadDir takes 8 KB
// (about 250) from the system.
const peekRoom = 2 << 10

// peekDir calls fn for the entries of folder name, a few at a time,
// until fn returns false or none are left; a folder it cannot read it
// leaves. As listDir, with plain system calls; an entry whose file
// system does not say its type is asked it (one gone meanwhile is left
// out, and one that cannot be asked ends the folder, as os.ReadDir).
func peekDir(name string, fn func(fs.DirEntry) bool) {
	fd, err := openDirFD(name)
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	buf := make([]byte, peekRoom)
	for more := true; more; {
		n, err := syscall.ReadDirent(fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil || n <= 0 {
			return
		}
		eachDirent(buf[:n], func(entry []byte, typ fs.FileMode) {
			if !more {
				return
			}
			e := &dirEntry{dir: name, name: string(entry), typ: typ}
			if typ == unknownType || forceLstat {
				info, err := os.Lstat(name + "/" + e.name)
				if errors.Is(err, fs.ErrNotExist) {
					return
				}
				if err != nil {
					more = false
					return
				}
				e.typ = info.Mode().Type()
			}
			more = fn(e)
		})
	}
}

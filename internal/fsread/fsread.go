// Package fsread reads input files defensively: only regular files, never
// a blocking open, and never more than a size limit.
//
// A script folder scanned in CI comes from a pull request, so a path may
// name a named pipe (reading it blocks forever), a device such as
// /dev/zero (reading it never ends) or a huge file. ReadFile refuses each
// with an error naming the file, instead of hanging or exhausting memory.
package fsread

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// DefaultMaxSize is the size limit ReadFile applies when given none: 64 MB.
const DefaultMaxSize int64 = 64 << 20

// ErrNotRegular is the error (through errors.Is) for a path that is not a
// regular file: a folder, named pipe, socket or device.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is the error (through errors.Is) for a file over the limit.
var ErrTooLarge = errors.New("file too large")

// Error is a file ReadFile refused. Its message names the file.
type Error struct {
	Path string
	Msg  string
	kind error // ErrNotRegular or ErrTooLarge
}

func (e *Error) Error() string { return e.Path + ": " + e.Msg }

// Is makes errors.Is(err, ErrNotRegular) and errors.Is(err, ErrTooLarge) work.
func (e *Error) Is(target error) bool { return target == e.kind }

// ReadFile reads the regular file at path, refusing it if it is larger
// than limit bytes (limit <= 0 means DefaultMaxSize). Symbolic links are
// followed. The file is checked before it is opened, opened without
// blocking where the system allows it (O_NONBLOCK), and checked again
// once open, so that a file swapped for a named pipe in between is still
// refused. At most limit+1 bytes are ever read.
func ReadFile(path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultMaxSize
	}
	f, info, err := open(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size from stat is a hint: the file may grow while it is read.
	buf := make([]byte, 0, min(info.Size(), limit)+1)
	lr := &io.LimitedReader{R: f, N: limit + 1}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // let append grow it
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(buf)) > limit {
		return nil, tooLarge(path, limit)
	}
	return buf, nil
}

// Open opens the regular file at path for reading as ReadFile does
// (checked before it is opened, opened without blocking, checked again
// once open), with no size limit: for a reader that streams the file.
func Open(path string) (*os.File, error) {
	f, _, err := open(path, math.MaxInt64)
	return f, err
}

// open opens the regular file at path of limit bytes at most, and
// returns what its fstat says.
func open(path string, limit int64) (*os.File, fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := check(path, info, limit); err != nil {
		return nil, nil, err
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	info, err = f.Stat()
	if err == nil {
		err = check(path, info, limit)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

func check(path string, info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &Error{Path: path, Msg: fmt.Sprintf("not a regular file (%s): only regular files are read", Kind(info.Mode())), kind: ErrNotRegular}
	}
	if info.Size() > limit {
		return tooLarge(path, limit)
	}
	return nil
}

func tooLarge(path string, limit int64) error {
	return &Error{Path: path, Msg: fmt.Sprintf("file is larger than the %s limit", FormatSize(limit)), kind: ErrTooLarge}
}

// Kind names what a file that is not a regular one is ("a folder", "a
// named pipe", ...), for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "type " + m.Type().String()
}

// FormatSize prints a byte count the way limits are written: "64 MB",
// "1 GB", "1536 KB" or "100 bytes" (KB, MB and GB are powers of 1024).
func FormatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

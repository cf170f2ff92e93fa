package analysis

import (
	"errors"
	"io"
	"os"
)

// readStdin returns the bytes of standard input. For a static run
// (mayMap) where files can be mapped, input of mapMin bytes or more is
// mapped like a large script on disk (mapped true), so that its pages
// are read as the parser reaches them and released once parsed: a
// redirected file (< big.sql) is mapped in place, and a pipe (git show
// :big.sql | sqllint scan -) is first copied to a temporary file, removed
// at once, whose mapping ends with the run. Read whole, a 477 MB script
// on standard input cost 1.3 GB of memory and a 2 GB one 4.7 GB, against
// 70 MB for the same script named as a file. Anything else (a smaller
// input, no room for the temporary file) is read into memory.
func readStdin(in io.Reader, mayMap bool) ([]byte, bool, error) {
	if !mayMap || !canMap {
		b, err := io.ReadAll(in)
		return b, false, err
	}
	if f, ok := in.(*os.File); ok {
		if data, ok := mapStdinFile(f); ok {
			return data, true, nil
		}
	}
	head, err := io.ReadAll(io.LimitReader(in, mapMin))
	if err != nil || int64(len(head)) < mapMin || len(head) == 0 {
		return head, false, err // smaller than mapMin: all of it
	}
	return spoolStdin(head, in)
}

// mapStdinFile maps standard input when it is a regular file read from
// its start (a redirection) of mapMin bytes or more.
func mapStdinFile(f *os.File) ([]byte, bool) {
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() < mapMin {
		return nil, false
	}
	if off, err := f.Seek(0, io.SeekCurrent); err != nil || off != 0 {
		return nil, false // part of it already read by someone else: read the rest
	}
	data, err := mapFile(f, info.Size())
	if err != nil {
		return nil, false
	}
	if _, err := f.Seek(info.Size(), io.SeekStart); err != nil {
		unmapFile(data)
		return nil, false
	}
	mapped.Add(1)
	return data, true
}

// spoolStdin writes head and the rest of in to a temporary file, removed
// at once, and maps it. When the temporary file cannot be made or
// written (no space), it returns the input in memory instead (mapped
// false): what was written is read back. A failed read of in is its
// error.
func spoolStdin(head []byte, in io.Reader) ([]byte, bool, error) {
	tmp, err := os.CreateTemp("", "sqllint-stdin-*.sql")
	if err != nil {
		rest, err := io.ReadAll(in)
		return append(head, rest...), false, err
	}
	defer tmp.Close()
	_ = os.Remove(tmp.Name())
	written := int64(0)
	buf := head
	for {
		if _, err := tmp.Write(buf); err != nil {
			return unspool(tmp, written, buf, in)
		}
		written += int64(len(buf))
		n, err := io.ReadFull(in, buf[:cap(buf)])
		buf = buf[:n]
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			if _, err := tmp.Write(buf); err != nil {
				return unspool(tmp, written, buf, in)
			}
			written += int64(len(buf))
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	data, err := mapFile(tmp, written)
	if err != nil {
		return unspool(tmp, written, nil, in)
	}
	mapped.Add(1)
	return data, true, nil
}

// unspool is standard input in memory after its temporary file failed:
// the written bytes read back from tmp, then pending, then the rest of in.
func unspool(tmp *os.File, written int64, pending []byte, in io.Reader) ([]byte, bool, error) {
	data := make([]byte, written, written+int64(len(pending)))
	if _, err := tmp.ReadAt(data, 0); err != nil {
		return nil, false, err
	}
	data = append(data, pending...)
	rest, err := io.ReadAll(in)
	return append(data, rest...), false, err
}

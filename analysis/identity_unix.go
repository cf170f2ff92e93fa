//go:build unix

package analysis

import (
	"os"
	"syscall"
)

func sysID(info os.FileInfo) (fileID, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true //nolint:unconvert // Dev is not uint64 everywhere
}

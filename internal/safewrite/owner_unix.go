//go:build unix

package safewrite

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// owner returns the file's owner, group and number of hard links.
func owner(info fs.FileInfo) (uid, gid int, links uint64, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return int(st.Uid), int(st.Gid), uint64(st.Nlink), true //nolint:unconvert // Nlink's type differs by system
}

// canChown reports whether the process may give a file to another user.
func canChown() bool { return os.Geteuid() == 0 }

func ignorableSyncError(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}

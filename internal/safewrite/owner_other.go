//go:build !unix

package safewrite

import "io/fs"

// owner is unknown on systems without Unix ownership: files are replaced.
func owner(fs.FileInfo) (uid, gid int, links uint64, ok bool) { return 0, 0, 0, false }

func canChown() bool { return false }

func ignorableSyncError(error) bool { return true }

//go:build !unix

package analysis

import "os"

func sysID(os.FileInfo) (fileID, bool) { return fileID{}, false }

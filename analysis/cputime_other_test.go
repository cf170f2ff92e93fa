//go:build !unix

package analysis

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }

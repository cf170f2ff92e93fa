package memlimit

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// advisedMB is the size of the largest mapping of the process that is
// advised huge pages (VmFlags hg in /proc/self/smaps), in MB.
func advisedMB(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	largest, size := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if kb, ok := strings.CutPrefix(line, "Size:"); ok {
			size = 0
			for _, c := range strings.TrimSpace(strings.TrimSuffix(kb, "kB")) {
				size = size*10 + int(c-'0')
			}
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && strings.Contains(" "+flags+" ", " hg ") {
			largest = max(largest, size>>10)
		}
	}
	return largest
}

// collected runs collections until the finalizer has run after one.
func collected() {
	for i := 0; i < 4; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// Until its first collection a run's limit is HugeAt; that collection
// maps the heap up to the ceiling, advised huge pages.
func TestFirstCollectionMapsHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || bytes.Contains(mode, []byte("[never]")) {
		t.Skip("no transparent huge pages here")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	huge.Store(false)
	if !Start(func(string) string { return "" }, 40<<20, 160<<20) {
		t.Fatal("not started")
	}
	if l := debug.SetMemoryLimit(-1); l != HugeAt {
		t.Errorf("limit %d MB before the first collection, want %d MB", l>>20, HugeAt>>20)
	}
	// the mapping runs on the finalizer goroutine, the limit set after it
	for i := 0; i < 1000 && (!huge.Load() || debug.SetMemoryLimit(-1) != 40<<20); i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if mb := advisedMB(t); mb < 160 {
		t.Errorf("largest mapping advised huge pages: %d MB, want the ceiling (160 MB) at least", mb)
	}
	if l := debug.SetMemoryLimit(-1); l != 40<<20 {
		t.Errorf("limit %d MB after the mapping, want the floor (40 MB)", l>>20)
	}
}

// GODEBUG=disablethp=1 keeps the heap as the runtime maps it.
func TestDisableTHPKeepsTheFloor(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	huge.Store(false)
	if !Start(func(k string) string { return map[string]string{"GODEBUG": "madvdontneed=1,disablethp=1"}[k] }, 40<<20, 160<<20) {
		t.Fatal("not started")
	}
	if l := debug.SetMemoryLimit(-1); l != 40<<20 {
		t.Errorf("limit %d MB before the first collection, want the floor (40 MB)", l>>20)
	}
	collected()
	if huge.Load() {
		t.Error("heap mapped in huge pages under GODEBUG=disablethp=1")
	}
}

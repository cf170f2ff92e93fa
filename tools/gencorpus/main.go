// Command gencorpus writes a synthetic T-SQL corpus for benchmarks:
//
//	go run ./tools/gencorpus -out /tmp/corpus -files 20000 -mb 200 -density 0.02
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

func main() {
	out := flag.String("out", "", "folder to write (created)")
	files := flag.Int("files", 1000, "number of files (1 = one big file)")
	mb := flag.Float64("mb", 10, "total size in MB (10^6 bytes)")
	density := flag.Float64("density", 0.02, "share of statements of interest, 0..1")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gencorpus: -out is required")
		os.Exit(2)
	}
	paths, err := gencorpus.Write(*out, gencorpus.Options{Files: *files, Bytes: int64(*mb * 1e6), Density: *density, Seed: *seed})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d files under %s\n", len(paths), *out)
}

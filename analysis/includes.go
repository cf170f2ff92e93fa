package analysis

import (
	"bytes"
	"context"
	"sync"

	"github.com/sqllint/sqllint/parser"
)

// findIncluded lists the run's files once, before the pipeline, and marks
// in r.included the ones another file of the run includes with :r. Such a
// file is a part of the script that includes it, not a script of its own:
// a wrapper and its includes in one folder are one deployment, and
// checking the include again on its own would apply its statements to the
// database model twice (SL101 counting each file twice) and report the
// variables the wrapper defines as undefined (SL002). It is checked where
// it is included, whichever of the two comes first in run order. Two files
// that include each other (a cycle) are both checked on their own.
//
// Only the files that hold a ':' followed by 'r' are preprocessed here (a
// wrapper is rare; the others are only read), with an include cache of
// their own so that the run's expansion budget is not spent twice.
func (r *run) findIncluded(ctx context.Context) {
	var ins []input
	r.collect(ctx, func(in input) bool {
		ins = append(ins, in)
		return true
	})
	r.collected = ins
	if len(ins) < 2 {
		return
	}
	pre := *r.pre
	pre.Includes = parser.NewIncludeCache(r.cfg.MaxTotalExpandedSize)
	incs := make([][]fileID, len(ins))
	ids := make([]fileID, len(ins))
	var wg sync.WaitGroup
	next := make(chan int)
	// reading is most of the work: more readers than cores
	for w := 0; w < 4*r.opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, 64<<10)
			for i := range next {
				ids[i], incs[i] = r.includesOf(&ins[i], &pre, buf)
			}
		}()
	}
	for i := range ins {
		if ins[i].err != nil || ins[i].osPath == "" || ctx.Err() != nil {
			continue // standard input can be read only once
		}
		next <- i
	}
	close(next)
	wg.Wait()
	includes := map[fileID]map[fileID]bool{} // file → the files it includes
	for i, id := range ids {
		if id.valid() && len(incs[i]) > 0 {
			set := map[fileID]bool{}
			for _, x := range incs[i] {
				set[x] = true
			}
			includes[id] = set
		}
	}
	for y, set := range includes {
		for x := range set {
			if x != y && !includes[x][y] {
				if r.included == nil {
					r.included = map[fileID]bool{}
				}
				r.included[x] = true
			}
		}
	}
}

// includesOf returns the identity of one file of the run and, when it may
// hold a :r command, the files its script includes. Most files have none:
// they are scanned in buf without being kept.
func (r *run) includesOf(in *input, pre *parser.PreprocessOptions, buf []byte) (id fileID, incs []fileID) {
	defer func() {
		if recover() != nil { // the pipeline reports the file's problem
			incs = nil
		}
	}()
	may := false
	if b, ok := r.opt.Overlay[absClean(in.osPath)]; ok {
		id, may = r.identity(in.osPath), mayInclude(b)
	} else {
		id, may = scanFile(in.osPath, buf)
	}
	if !may {
		return id, nil
	}
	data, id, _, err := r.read(in, false)
	if err != nil {
		return id, nil
	}
	f, err := parser.Decode(in.display, data)
	if err != nil {
		return id, nil
	}
	s := parser.Preprocess(f, pre)
	for _, inc := range s.Files[1:] {
		incs = append(incs, r.identity(inc.Path))
	}
	return id, incs
}

// mayInclude reports whether data holds ':' followed by 'r' or 'R', in a
// one- or two-byte encoding: a script without it includes nothing.
func mayInclude(data []byte) bool {
	for {
		i := bytes.IndexByte(data, ':')
		if i < 0 || i+1 >= len(data) {
			return false
		}
		c := data[i+1]
		if c == 0 && i+2 < len(data) {
			c = data[i+2]
		}
		if c == 'r' || c == 'R' {
			return true
		}
		data = data[i+1:]
	}
}

package lsp

import "time"

// The editor names its own process in initialize (processId), and LSP
// 3.17 asks the server to exit when that process is no longer alive: an
// editor that crashed or was killed leaves the server's standard input
// open when something else holds the pipe (a shell that started both, a
// wrapper script, a terminal multiplexer), and the orphan would keep
// running, re-checking nothing, until the machine restarts.

// defaultParentPoll is how often the server looks for the editor's
// process: one kill(2) (OpenProcess on Windows) every few seconds costs
// nothing measurable, and an orphan lives at most this long.
const defaultParentPoll = 3 * time.Second

// watchParent polls the process pid until it is gone, then ends the
// session (Run returns 1: the client sent no shutdown). A process that
// is not visible at the start, such as an editor outside the container
// the server runs in (another PID namespace), is not watched: the
// server would exit at once while the editor lives; the end of standard
// input still ends the session there.
func (s *Server) watchParent(pid int) {
	alive := s.opt.processAlive
	if alive == nil {
		alive = processAlive
	}
	if pid <= 0 || !alive(pid) {
		s.log.Printf("the editor's process %d is not visible from here: not watched", pid)
		return
	}
	poll := s.opt.ParentPoll
	if poll <= 0 {
		poll = defaultParentPoll
	}
	go func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-t.C:
				if !alive(pid) {
					s.log.Printf("the editor's process %d has exited: stopping", pid)
					s.orphaned()
					return
				}
			}
		}
	}()
}

// orphaned ends Run: the parent process is gone.
func (s *Server) orphaned() {
	select {
	case s.parentGone <- struct{}{}:
	default:
	}
}

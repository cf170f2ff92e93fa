package rules

import (
	"fmt"
	"math"

	"github.com/sqllint/sqllint/parser"
)

// growthBytes is one growth of g: its fixed size, or its percentage of
// the file's known size; 0 when unknown.
func growthBytes(g Growth) int64 {
	switch {
	case g.Size.Unknown || g.Size.Unlimited:
		return 0
	case g.Size.Percent > 0:
		return int64(min(float64(g.FileSize)*float64(g.Size.Percent)/100, math.MaxInt64/2))
	}
	return g.Size.Bytes
}

// roomCut is bytes, one growth of g, cut to the room g's MAXSIZE leaves
// (a file grows no further), and the words a message adds when it is
// cut ("" when not).
func roomCut(g Growth, bytes int64) (int64, string) {
	room := int64(g.RoomMB) << 20
	if room <= 0 || bytes <= room {
		return bytes, ""
	}
	return room, ", no more than the " + formatBytes(room) + " its MAXSIZE leaves"
}

var sl209 = &Rule{
	ID: "SL209", Name: "data-file-autogrowth", Severity: parser.SevInfo,
	Options: []Option{optZeroingRate, {Name: "autogrowth-budget", Default: 5, Unit: "s",
		Doc: "longest acceptable stall while one data-file autogrowth is zero-filled"}},
	Doc: docSL209,
	Run: func(p *Pass) {
		effects := p.effects(moreEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		rate, budget := p.Opt("zeroing-rate"), p.Opt("autogrowth-budget")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			facts := p.Model.factsAt(e, p.Facts()) // none on another server
			for _, g := range e.Growths() {
				if g.Log {
					continue
				}
				bytes := growthBytes(g)
				if bytes == 0 {
					continue
				}
				full := bytes
				bytes, cut := roomCut(g, bytes)
				tde := e.usesTDE()
				ifi := facts.ifi()
				if ifi != nil && *ifi && !tde {
					continue // growth is instant
				}
				sec := ZeroingSeconds(bytes, rate)
				if sec <= budget {
					continue
				}
				name := shown(g.File)
				if name == "" {
					name = "the data file"
				}
				growth := formatBytes(full)
				if g.Size.Percent > 0 {
					growth = fmt.Sprintf("%d%% (%s at its size of %s, more as it grows)", g.Size.Percent, growth, formatBytes(g.FileSize))
				}
				growth += cut
				estText, budgetText := formatOverBudget(sec, budget)
				msg := fmt.Sprintf("data file %s grows by %s: without Instant File Initialization each autogrowth is zero-filled while the writers wait, about %s at %s MB/s, over the %s budget (measured: 100 GB of growth took 14 min 32 s without IFI, 11 s with it)",
					name, growth, estText, formatNumber(rate), budgetText)
				if tde {
					msg += "; the database uses TDE, which rules out IFI"
				}
				f := p.report(clauseSpan(e), nil, withBuilt(e, msg))
				switch {
				case ifi != nil && !*ifi:
					f.Severity = raise(f.Severity)
					f.Confirmed = facts.Server
					f.Message += facts.ifiOffNote()
				case tde && facts.encrypted(e):
					f.Confirmed = facts.Server
				}
			}
		}
	},
}

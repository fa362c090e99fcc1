package generate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// Player plays jobs in the embedded world: it builds a fresh world from
// the task and trial seed, seats the team, runs the trial and returns its
// record.
type Player struct {
	Config Config // the engine's settings; Config.Prompts, if nil, comes from Profiles
	// Profiles are the prompts per task type (nil: minecollab's).
	Profiles *ProfileSet
	// Dialect words action outputs ("" = the profile's: "Action output:"
	// for MINDcraft profiles, "Code output:" for the paper's).
	Dialect world.Dialect
	Session int // the agent-name suffix: Andy_{Session}
	// Team seats the agents of a trial: one backend per name, and how the
	// record describes each seat.
	Team func(names []string) ([]Seat, []trajectory.Member, error)
	// Recorder, if set, also sees every transition as it happens.
	Recorder func(job Job) Recorder
	// Org is the team's organisation (nil: P2P).
	Org Organisation
	// Budget, if set, is each trial's time budget (real time): past it the
	// trial ends with EndError and the reason, without its calls.
	Budget time.Duration
}

// SeatAll is a Player.Team that seats every agent on b, recorded as
// backend (e.g. "scripted").
func SeatAll(b Backend, backend string) func(names []string) ([]Seat, []trajectory.Member, error) {
	return func(names []string) ([]Seat, []trajectory.Member, error) {
		seats := make([]Seat, len(names))
		members := make([]trajectory.Member, len(names))
		for i, n := range names {
			seats[i], members[i] = Seat{Name: n, Backend: b}, trajectory.Member{Name: n, Backend: backend}
		}
		return seats, members, nil
	}
}

// Play plays one job. Its error is for a job that cannot be played at all
// (a task the world cannot build, a bad team) or a cancelled context.
// errBudget is why a trial's context ends when its time budget is up.
var errBudget = errors.New("generate: the trial's time budget is up")

func (p *Player) Play(ctx context.Context, job Job) (*trajectory.Trial, error) {
	task := job.Task
	n := task.AgentCount
	if n <= 0 {
		n = 1
	}
	names := AgentNames(n, p.Session)
	cfg := p.Config
	if cfg.Prompts == nil {
		prompts := p.Profiles.orDefault().For(task.Type)
		cfg.Prompts = &prompts
	}
	org := orgOrP2P(p.Org)
	wopts := world.Options{AgentNames: names, Dialect: cmp.Or(p.Dialect, cfg.Prompts.Dialect), Modes: cfg.Prompts.Modes}
	if s, ok := org.(OrgScene); ok {
		s.Scene(&wopts)
	}
	var sim World       // nil for a kind with a world of its own, which its organisation makes
	var mc *world.World // the Minecraft world, when the kind plays in one
	if k, ok := procgen.KindOfType(task.Type); !ok || k.InMinecraft() {
		w, err := world.Build(*task, job.Seed, wopts)
		if err != nil {
			return nil, fmt.Errorf("generate: task %s: %w", task.ID, err)
		}
		sim, mc = SimWorld(w, job.Seed), w
	}
	seats, members, err := p.Team(org.Seats(names))
	if err != nil {
		return nil, fmt.Errorf("generate: task %s: %w", task.ID, err)
	}
	// The seats past the agents are the organisation's own (Seats).
	for i := len(names); i < len(members); i++ {
		members[i].Role = trajectory.RoleOrg
	}
	if h, ok := org.(OrgHumans); ok {
		for _, i := range h.Humans(task) {
			members[i].Role = trajectory.RoleHuman
		}
	}
	tr := TrialSpec{Task: task, World: sim, Team: seats, Seed: job.Seed, Config: cfg}
	if p.Recorder != nil {
		tr.Recorder = p.Recorder(job)
	}
	started := time.Now()
	tctx := ctx
	if p.Budget > 0 {
		var cancel context.CancelFunc
		tctx, cancel = context.WithTimeoutCause(ctx, p.Budget, errBudget)
		defer cancel()
	}
	res, err := org.Play(tctx, tr)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(tctx), errBudget) {
		// The trial fails itself, not the batch: recorded as an error
		// (without its calls, cut short), played again on resume.
		res = &TrialResult{Outcome: trajectory.Outcome{EndReason: trajectory.EndError},
			Error: fmt.Sprintf("the trial ran out of its time budget (%s of real time; generate --trial-timeout raises it)", p.Budget)}
		err = nil
	}
	if err != nil {
		return nil, err
	}
	rec := &trajectory.Trial{
		TrialID: job.TrialID(), TaskID: task.ID, Attempt: job.Attempt, Seed: job.Seed,
		TaskType: task.Type, Split: task.Split, Org: orgField(org), Difficulty: task.Difficulty,
		Team: members, Outcome: res.Outcome, Error: res.Error,
		SimSeconds: res.SimSeconds, WallSeconds: time.Since(started).Seconds(), StartedAt: started.UTC(),
		Metrics: metrics(res), Agents: res.Agents,
	}
	if kind, _ := procgen.KindOfType(task.Type); (rec.Org != "" || kind == procgen.Farm) && mc != nil {
		// VillagerBench's ACR (stats): every organisation records it on
		// VillagerBench's own tasks; MineCollab's p2p records stay as they
		// were.
		for _, n := range names {
			rec.Metrics[trajectory.FirstOwnedMetric+n] = 0
		}
		for _, owner := range mc.FirstOwners() {
			rec.Metrics[trajectory.FirstOwnedMetric+owner]++
		}
	}
	if kind, _ := procgen.KindOfType(task.Type); kind == procgen.VBConstruction && mc != nil {
		// VillagerBench's Table 1 reads the view hit rate of the house
		// as the trial left it, as its judge computes it and with facings.
		rec.Metrics[trajectory.VHRMetric], rec.Metrics[trajectory.VHRFacingMetric] = mc.VBViewHitRate()
	}
	if mc != nil {
		maps.Copy(rec.Metrics, mc.EscapeMetrics())   // each escape room's score, as its judger's
		maps.Copy(rec.Metrics, mc.ProgressMetrics()) // S-Agents' kinds: when the score last rose, the longest stall
	}
	return rec, nil
}

// orgField is the record's org: "" for P2P, which records made before
// organisations existed leave out too.
func orgField(o Organisation) string {
	if o.Name() == P2P.Name() {
		return ""
	}
	return o.Name()
}

// metrics are per-trial counts and times worth filtering and reporting on.
func metrics(r *TrialResult) map[string]float64 {
	m := map[string]float64{}
	for i, a := range r.Agents {
		m[trajectory.ActiveSecondsMetric+a.Name] = r.ActiveSeconds[i]
		for _, t := range a.Transitions {
			m["calls_"+t.Kind]++
			if t.Command != "" {
				m["commands"]++
			}
		}
	}
	for k, v := range r.Metrics {
		m[k] = v
	}
	if v := r.Voice; v.Calls > 0 {
		m[VoiceCallsMetric] = float64(v.Calls)
		m[VoiceRejectedMetric] = float64(v.Rejected)
		m[VoicePromptTokensMetric] = float64(v.Usage.PromptTokens)
		m[VoiceCompletionTokensMetric] = float64(v.Usage.CompletionTokens)
	}
	return m
}

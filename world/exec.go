package world

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf16"

	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// CommandResult is what executing one response did.
type CommandResult struct {
	// Command is the command found ("!craftRecipe"), "" when the response
	// holds none (the agent loop then stops).
	Command string
	// CommandText is the command exactly as matched in the response, with
	// its arguments ("!craftRecipe(\"stick\", 1)"); "" when there is none.
	CommandText string
	// Args are the checked arguments as the command received them; nil
	// when parsing failed.
	Args []string
	// Response is the response cut after its command: what MINDcraft
	// stores as the assistant turn and sends to the other agents.
	Response string
	// Output is the system turn the agent receives, exactly as it sees it;
	// "" means no system turn, and the agent's loop stops.
	Output string
	// Duration is how long the agent is busy with the command in simulated
	// time. The effects are already applied when Execute returns.
	Duration time.Duration
	// Effect is set by the commands that act on the agent loop rather
	// than the world (!startConversation, !goal, !stop, ...); nil
	// otherwise and when their arguments are wrong.
	Effect Effect
	// Notices are system turns added before Output (e.g. MINDcraft's
	// "Code execution timed out after 10 minutes. Attempting force stop.").
	Notices []string
	// Chat is a line the agent posts to chat besides Output (e.g.
	// "newAction is disabled. ...").
	Chat string
	// Failed reports a parse error, unknown command or action exception.
	Failed bool
	// Unknown reports a command the agent does not have (hallucinated or
	// blocked); Output is then "Command !x does not exist.", which the
	// agent loop adds itself in MINDcraft.
	Unknown bool
}

// run is one command execution: the action log MINDcraft's log(bot, msg)
// writes to, the time spent and an exception, if one was thrown.
type run struct {
	w   *World
	a   *Agent
	res *CommandResult
	out strings.Builder
	dur float64 // seconds
	exc string
	// silent: the action runs until interrupted, so it returns nothing.
	silent bool
}

func (r *run) log(format string, args ...any) {
	if len(args) == 0 {
		r.out.WriteString(format)
	} else {
		fmt.Fprintf(&r.out, format, args...)
	}
	r.out.WriteByte('\n')
}

// say writes one line, a text from package texts, to the action log.
func (r *run) say(line string) {
	r.out.WriteString(line)
	r.out.WriteByte('\n')
}

// throw records an exception (err.toString()); the action stops.
func (r *run) throw(err string) { r.exc = err }

func (r *run) spend(seconds float64) {
	if seconds > 0 && !math.IsInf(seconds, 0) {
		r.dur += seconds
	}
}

// maxActionSeconds caps one action's simulated duration (a day); task
// timeouts are far shorter.
const maxActionSeconds = 24 * 3600

// handler runs one command. For Query and Plain commands its return value
// is the text; for actions the log is used.
type handler func(r *run, args []command.Value) string

// Execute scans response for a command, runs it for the named agent and
// returns what the agent sees. It never panics on any response text.
func (w *World) Execute(agentName, response string) (CommandResult, error) {
	a := w.byName[agentName]
	if a == nil {
		return CommandResult{}, w.agentErr(agentName)
	}
	res := CommandResult{Response: response}
	m, call, errText, ok := a.table.Parse(response)
	if !ok {
		return res, nil
	}
	res.Command, res.CommandText = m.Name, response[m.Start:m.End]
	res.Response = response[:m.End]
	if errText != "" {
		res.Output, res.Failed = errText, true
		_, res.Unknown = a.table.Lookup(m.Name)
		res.Unknown = !res.Unknown
		return res, nil
	}
	for _, v := range call.Args {
		res.Args = append(res.Args, v.Text())
	}
	h := handlers[call.Spec.Name]
	if h == nil { // TestEveryCommandHasAHandler keeps this from happening
		panic("world: no handler for " + call.Spec.Name)
	}
	r := &run{w: w, a: a, res: &res}
	w.thinkBudget = thinkBudget
	w.escapeSync() // buttons released, effects reverted while the clock ran
	text := h(r, call.Args)
	switch {
	case r.silent && call.Spec.Kind != command.Action:
		// Nothing recorded (e.g. a blueprint query without a blueprint).
	case call.Spec.Kind == command.Query:
		res.Output = "\n" + text + "\n"
	case call.Spec.Kind == command.Plain:
		res.Output = text
	case call.Spec.Kind == command.Action:
		if !r.silent {
			res.Output = w.actionOutput(r.out.String(), r.exc)
		}
		res.Failed = r.exc != ""
	}
	res.Duration = time.Duration(min(r.dur, maxActionSeconds) * float64(time.Second))
	if call.Spec.Kind == command.Action {
		w.afterAction(a) // queries change nothing
	}
	return res, nil
}

// actionOutput wraps an action's log as MINDcraft's action manager does.
func (w *World) actionOutput(log, exc string) string {
	if exc != "" {
		return texts.Output(w.outputWord(), log+"!!Code threw exception!!\nError: "+exc+"\nStack trace:\nundefined\n")
	}
	return w.OutputSummary(log)
}

func (w *World) outputWord() string {
	if w.opts.Dialect == DialectCurrent {
		return texts.CurrentWord
	}
	return texts.PaperWord
}

// OutputSummary is getBotOutputSummary: an action log as the agent reads
// it, shortened to its first and last 250 characters past 500.
func (w *World) OutputSummary(log string) string {
	word := w.outputWord()
	units := utf16.Encode([]rune(log)) // JS lengths count UTF-16 units
	if n := len(units); n > 500 {
		first := string(utf16.Decode(units[:250]))
		last := string(utf16.Decode(units[n-250:]))
		return fmt.Sprintf("%s output is very long (%d chars) and has been shortened.\n\n          First outputs:\n%s\n...skipping many lines.\nFinal outputs:\n %s", word, n, first, last)
	}
	return texts.Output(word, log)
}

// handlers maps every command of command.All() and command.FarmSpecs()
// to its implementation.
var handlers = map[string]handler{
	"!stats": cmdStats, "!inventory": cmdInventory, "!nearbyBlocks": cmdNearbyBlocks,
	"!craftable": cmdCraftable, "!entities": cmdEntities, "!modes": cmdModes,
	"!savedPlaces": cmdSavedPlaces, "!checkBlueprintLevel": cmdCheckBlueprintLevel,
	"!checkBlueprint": cmdCheckBlueprint, "!getBlueprint": cmdGetBlueprint,
	"!getBlueprintLevel": cmdGetBlueprintLevel, "!getCraftingPlan": cmdGetCraftingPlan,
	"!searchWiki": cmdSearchWiki, "!help": cmdHelp, "!newAction": cmdNewAction,
	"!stop": cmdStop, "!stfu": cmdStfu, "!restart": cmdRestart, "!clearChat": cmdClearChat,
	"!goToPlayer": cmdGoToPlayer, "!followPlayer": cmdFollowPlayer,
	"!goToCoordinates": cmdGoToCoordinates, "!searchForBlock": cmdSearchForBlock,
	"!searchForEntity": cmdSearchForEntity, "!moveAway": cmdMoveAway,
	"!rememberHere": cmdRememberHere, "!goToRememberedPlace": cmdGoToRememberedPlace,
	"!givePlayer": cmdGivePlayer, "!consume": cmdConsume, "!equip": cmdEquip,
	"!putInChest": cmdPutInChest, "!takeFromChest": cmdTakeFromChest, "!viewChest": cmdViewChest,
	"!discard": cmdDiscard, "!collectBlocks": cmdCollectBlocks, "!craftRecipe": cmdCraftRecipe,
	"!smeltItem": cmdSmeltItem, "!clearFurnace": cmdClearFurnace, "!placeHere": cmdPlaceHere,
	"!attack": cmdAttack, "!attackPlayer": cmdAttackPlayer, "!goToBed": cmdGoToBed,
	"!activate": cmdActivate, "!stay": cmdStay, "!setMode": cmdSetMode, "!goal": cmdGoal,
	"!endGoal": cmdEndGoal, "!startConversation": cmdStartConversation,
	"!endConversation": cmdEndConversation, "!lookAtPlayer": cmdLookAt, "!lookAtPosition": cmdLookAt,
	"!digDown": cmdDigDown,
	// Beyond MINDcraft 0012750 (command.FarmSpecs).
	"!useOn": cmdUseOn,
}

func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// Package filter keeps the good trials and transitions of one or more runs,
// the way MineCollab made its SFT data: successful trials of the binary task
// types (crafting, cooking), the top quartile by score of construction
// trials, every transition of what is kept.
//
// A Filter is a fixed list of rules. Trial rules decide about a whole trial
// (drop-errors, success, min-score, top-quantile, max-turns); transition
// rules decide about one model call of a kept trial (kinds, agents). Every
// decision is a Verdict with a Reason from a fixed set, and the Filter counts
// each reason (a dropped trial's transitions are counted under the trial's
// reason), so the Report always adds up: in = kept + the sum of drops.
//
// Rules run in a fixed order and the first rule that drops an item is the
// one counted, as in a pipeline where dropped items never reach the next
// step.
//
// Input reads runs and filtered views alike. A view (see View) is the
// output of `collabcraft filter`: a small view.json that names the input
// runs, the rules and the record of every kept trial, so nothing is copied;
// reading it yields exactly the trials and transitions the filter kept.
// Everything streams: one decoded trial at a time. The top-quantile rule
// needs each construction trial's score before the first trial is judged;
// it takes the scores from the run index and decodes one trial per task id
// to learn the task type and knobs, so that pass costs one decode per task,
// not per trial, and holds one float per construction trial.
package filter

package export

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Split names written by the default rules.
const (
	SplitTrain      = "train"
	SplitValidation = "validation"
	SplitTest       = "test"
)

// SplitRule decides each example's output split from its task alone, so a
// task never appears in two splits.
type SplitRule struct {
	// By is "task" (the zero value): the task's own split, with a stable
	// ValidationFraction of the train tasks moved to validation; or "hash":
	// every task placed by a stable hash of its id using Fractions.
	By string `json:"by"`
	// ValidationFraction of train targets (by hash of TargetGroup, so
	// validation never shares a crafting target or a meal with train) that
	// go to validation under By "task". 0 keeps every train task in train.
	ValidationFraction float64 `json:"validation_fraction,omitempty"`
	// Fractions of train, validation and test under By "hash"; they sum to 1.
	Fractions []float64 `json:"fractions,omitempty"`
	// Salt changes which tasks the hash picks; "" is a fine default.
	Salt string `json:"salt,omitempty"`
}

// DefaultSplitRule is the task's own split with 5% of train tasks held out
// for validation.
func DefaultSplitRule() SplitRule {
	return SplitRule{By: "task", ValidationFraction: 0.05}
}

// HashSplitRule places tasks by hash with the given fractions.
func HashSplitRule(train, validation, test float64) SplitRule {
	return SplitRule{By: "hash", Fractions: []float64{train, validation, test}}
}

// ParseFractions reads "0.9,0.05,0.05".
func ParseFractions(s string) ([]float64, error) {
	f := make([]float64, 3)
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("export: fractions %q: expected three numbers train,validation,test", s)
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("export: fractions %q: %q is not a number", s, p)
		}
		f[i] = v
	}
	return f, nil
}

// Validate reports a rule that cannot be applied.
func (r SplitRule) Validate() error {
	switch r.By {
	case "", "task":
		if r.ValidationFraction < 0 || r.ValidationFraction >= 1 || math.IsNaN(r.ValidationFraction) {
			return fmt.Errorf("export: validation fraction %v: expected 0 <= f < 1", r.ValidationFraction)
		}
	case "hash":
		if len(r.Fractions) != 3 {
			return fmt.Errorf("export: fractions %v: expected three numbers train,validation,test", r.Fractions)
		}
		sum := 0.0
		for _, f := range r.Fractions {
			if f < 0 || math.IsNaN(f) {
				return fmt.Errorf("export: fractions %v: expected non-negative numbers", r.Fractions)
			}
			sum += f
		}
		if math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("export: fractions %v sum to %v, expected 1", r.Fractions, sum)
		}
	default:
		return fmt.Errorf("export: split rule %q: expected task or hash", r.By)
	}
	return nil
}

// unit maps a task id to a stable number in [0, 1).
func (r SplitRule) unit(taskID string) float64 {
	sum := sha256.Sum256([]byte(r.Salt + "\x00" + taskID))
	return float64(binary.BigEndian.Uint64(sum[:8])>>11) / (1 << 53)
}

// SplitOf returns the output split of a task. ownSplit is the task's split
// from its task file.
func (r SplitRule) SplitOf(taskID, ownSplit string) (string, error) {
	u := r.unit(taskID)
	if r.By == "hash" {
		switch {
		case u < r.Fractions[0]:
			return SplitTrain, nil
		case u < r.Fractions[0]+r.Fractions[1]:
			return SplitValidation, nil
		}
		return SplitTest, nil
	}
	switch ownSplit {
	case "":
		return "", fmt.Errorf("task %q has no split field (give its task file splits, or split by hash)", taskID)
	case SplitTrain:
		if r.unit(TargetGroup(taskID)) < r.ValidationFraction {
			return SplitValidation, nil
		}
		return SplitTrain, nil
	}
	if !splitNameRE.MatchString(ownSplit) {
		return "", fmt.Errorf("task %q has split %q, expected letters, digits or _", taskID, ownSplit)
	}
	return ownSplit, nil
}

// TargetGroup is the part of a task id that names what the task makes:
// MINDcraft's crafting ids end in the plan variant and depth
// ("multiagent_crafting_bookshelf_partial_plan_..._depth_1" ->
// "multiagent_crafting_bookshelf"), cooking ids in the recipe-access
// variant ("..._blocked_access_0_1", "..._hells_kitchen"); other ids (a
// construction task is its own blueprint) are their own group. Tasks of
// one group go to the same split.
func TargetGroup(taskID string) string {
	for _, cut := range []string{"_full_plan", "_partial_plan", "_no_plan", "_blocked_access", "_hells_kitchen"} {
		if i := strings.Index(taskID, cut); i > 0 {
			return taskID[:i]
		}
	}
	return taskID
}

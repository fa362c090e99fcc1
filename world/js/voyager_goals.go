package js

import (
	"math"
	"slices"
	"time"

	"github.com/dop251/goja"

	"collabcraft/world"
)

// Voyager's programs may walk with bot.pathfinder.goto(goal), which its
// action prompt lists with the goal classes to build (Voyager's
// control_primitives_context/mineflayer.js). The classes here are the
// ones that name a place: GoalNear(x, y, z, range), GoalXZ(x, z) and
// GoalPlaceBlock(position, bot.world, {}). Their constructors keep the
// numbers as mineflayer-pathfinder's do (floored by the walk); goto walks
// there or throws the pathfinder's error.

// installGoals puts the goal classes in scope.
func (e *execution) installGoals(global *goja.Object) error {
	// The arguments as given (arg skips a skill's bot).
	at := func(args []goja.Value, i int) goja.Value {
		if i < len(args) {
			return args[i]
		}
		return goja.Undefined()
	}
	num := func(args []goja.Value, i int) float64 {
		v := at(args, i)
		if isMissing(v) {
			return math.NaN()
		}
		return v.ToFloat()
	}
	classes := map[string]func(args []goja.Value) world.PathGoal{
		"GoalNear": func(a []goja.Value) world.PathGoal {
			return world.PathGoal{Kind: world.GoalNear, X: num(a, 0), Y: num(a, 1), Z: num(a, 2), Range: num(a, 3)}
		},
		"GoalXZ": func(a []goja.Value) world.PathGoal {
			return world.PathGoal{Kind: world.GoalXZ, X: num(a, 0), Z: num(a, 1)}
		},
		"GoalPlaceBlock": func(a []goja.Value) world.PathGoal {
			p, ok := e.vec3Arg(at(a, 0))
			if !ok {
				p = world.Vec{X: math.NaN(), Y: math.NaN(), Z: math.NaN()}
			}
			return world.PathGoal{Kind: world.GoalPlaceBlock, X: p.X, Y: p.Y, Z: p.Z}
		},
	}
	for _, name := range []string{"GoalNear", "GoalXZ", "GoalPlaceBlock"} {
		build := classes[name]
		if err := global.Set(name, func(call goja.ConstructorCall) *goja.Object {
			g := build(call.Arguments)
			_ = call.This.Set("x", g.X)
			_ = call.This.Set("z", g.Z)
			if g.Kind != world.GoalXZ {
				_ = call.This.Set("y", g.Y)
			}
			_ = call.This.DefineDataPropertySymbol(e.goalKey, e.vm.ToValue(g), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
			return call.This
		}); err != nil {
			return err
		}
	}
	return nil
}

// addPathfinder puts bot.pathfinder.goto on the bot.
func (e *execution) addPathfinder(bot *goja.Object) error {
	pf := e.vm.NewObject()
	if err := pf.Set("goto", e.async(func(e *execution, args []goja.Value) goja.Value {
		v := orUndefined(firstArg(args))
		var g world.PathGoal
		ok := false
		if o, isObj := v.(*goja.Object); isObj {
			if k := o.GetSymbol(e.goalKey); k != nil {
				g, ok = k.Export().(world.PathGoal)
			}
		}
		if !ok {
			e.throw("bot.pathfinder.goto takes a goal: new GoalNear(x, y, z, range), new GoalXZ(x, z) or new GoalPlaceBlock(position, bot.world, {})")
		}
		used := []float64{g.X, g.Z}
		if g.Kind != world.GoalXZ {
			used = append(used, g.Y)
		}
		if g.Kind == world.GoalNear {
			used = append(used, g.Range)
		}
		if slices.ContainsFunc(used, math.IsNaN) {
			// A goal at NaN is never reached: the pathfinder thinks
			// until its timeout.
			e.s.Spend(5 * time.Second)
			e.throw("Took to long to decide path to goal!")
		}
		if err := e.s.GoTo(g); err != "" {
			e.throw(err)
		}
		return goja.Undefined()
	})); err != nil {
		return err
	}
	return bot.Set("pathfinder", pf)
}

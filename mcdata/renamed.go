package mcdata

// Names Minecraft retired before 1.21.1, with their modern names: the
// plant "grass" (short_grass since 1.20.3), the turtle's "scute"
// (turtle_scute since 1.20.5), the dyes named after their source until 1.14
// (rose_red, dandelion_yellow, cactus_green) and the pre-1.13 names the
// Flattening replaced. A task file written for an older version names
// them; LookupItem and LookupBlock then suggest the modern name first.
type rename struct {
	to []string // modern names, most likely first
	in string   // the Minecraft version that retired the old name
}

var renamed = map[string]rename{
	"grass":                  {[]string{"short_grass", "grass_block"}, "1.20.3"}, // before 1.13 the block
	"scute":                  {[]string{"turtle_scute"}, "1.20.5"},
	"grass_path":             {[]string{"dirt_path"}, "1.17"},
	"rose_red":               {[]string{"red_dye"}, "1.14"},
	"dandelion_yellow":       {[]string{"yellow_dye"}, "1.14"},
	"cactus_green":           {[]string{"green_dye"}, "1.14"},
	"sign":                   {[]string{"oak_sign"}, "1.14"},
	"wooden_door":            {[]string{"oak_door"}, "1.13"},
	"boat":                   {[]string{"oak_boat"}, "1.13"},
	"fence":                  {[]string{"oak_fence"}, "1.13"},
	"fence_gate":             {[]string{"oak_fence_gate"}, "1.13"},
	"trapdoor":               {[]string{"oak_trapdoor"}, "1.13"},
	"wooden_button":          {[]string{"oak_button"}, "1.13"},
	"wooden_pressure_plate":  {[]string{"oak_pressure_plate"}, "1.13"},
	"wooden_slab":            {[]string{"oak_slab"}, "1.13"},
	"planks":                 {[]string{"oak_planks"}, "1.13"},
	"log":                    {[]string{"oak_log"}, "1.13"},
	"leaves":                 {[]string{"oak_leaves"}, "1.13"},
	"sapling":                {[]string{"oak_sapling"}, "1.13"},
	"wool":                   {[]string{"white_wool"}, "1.13"},
	"carpet":                 {[]string{"white_carpet"}, "1.13"},
	"bed":                    {[]string{"red_bed"}, "1.13"},
	"banner":                 {[]string{"white_banner"}, "1.13"},
	"stained_glass":          {[]string{"white_stained_glass"}, "1.13"},
	"red_flower":             {[]string{"poppy"}, "1.13"},
	"yellow_flower":          {[]string{"dandelion"}, "1.13"},
	"tallgrass":              {[]string{"short_grass"}, "1.13"},
	"deadbush":               {[]string{"dead_bush"}, "1.13"},
	"reeds":                  {[]string{"sugar_cane"}, "1.13"},
	"waterlily":              {[]string{"lily_pad"}, "1.13"},
	"web":                    {[]string{"cobweb"}, "1.13"},
	"snow_layer":             {[]string{"snow"}, "1.13"},
	"brick_block":            {[]string{"bricks"}, "1.13"},
	"stonebrick":             {[]string{"stone_bricks"}, "1.13"},
	"netherbrick":            {[]string{"nether_brick"}, "1.13"},
	"hardened_clay":          {[]string{"terracotta"}, "1.13"},
	"lit_pumpkin":            {[]string{"jack_o_lantern"}, "1.13"},
	"noteblock":              {[]string{"note_block"}, "1.13"},
	"mob_spawner":            {[]string{"spawner"}, "1.13"},
	"slime":                  {[]string{"slime_block"}, "1.13"},
	"magma":                  {[]string{"magma_block"}, "1.13"},
	"quartz_ore":             {[]string{"nether_quartz_ore"}, "1.13"},
	"speckled_melon":         {[]string{"glistering_melon_slice"}, "1.13"},
	"fish":                   {[]string{"cod"}, "1.13"},
	"cooked_fish":            {[]string{"cooked_cod"}, "1.13"},
	"clownfish":              {[]string{"tropical_fish"}, "1.13"},
	"fireworks":              {[]string{"firework_rocket"}, "1.13"},
	"firework_charge":        {[]string{"firework_star"}, "1.13"},
	"totem":                  {[]string{"totem_of_undying"}, "1.13"},
	"skull":                  {[]string{"skeleton_skull"}, "1.13"},
	"chorus_fruit_popped":    {[]string{"popped_chorus_fruit"}, "1.13"},
	"red_nether_brick":       {[]string{"red_nether_bricks"}, "1.13"},
	"end_bricks":             {[]string{"end_stone_bricks"}, "1.13"},
	"golden_apple_enchanted": {[]string{"enchanted_golden_apple"}, "1.13"},
}

// ModernName returns the names that replaced an old item or block name and
// the Minecraft version that retired it; ok is false for a name that was
// never renamed (or is current).
func ModernName(old string) (names []string, retiredIn string, ok bool) {
	r, ok := renamed[old]
	if !ok {
		return nil, "", false
	}
	return append([]string(nil), r.to...), r.in, true
}

// withRenames puts the modern names of an old name before the
// suggestions by spelling, and notes when the old name was retired.
func withRenames(e *UnknownNameError, known func(string) bool) *UnknownNameError {
	r, ok := renamed[e.Name]
	if !ok {
		return e
	}
	var out []string
	for _, n := range r.to {
		if known(n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return e
	}
	e.RetiredIn = r.in
	for _, s := range e.Suggestions {
		if len(out) == 3 {
			break
		}
		dup := false
		for _, o := range out {
			dup = dup || o == s
		}
		if !dup {
			out = append(out, s)
		}
	}
	e.Suggestions = out
	return e
}

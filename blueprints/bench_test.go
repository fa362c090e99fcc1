package blueprints

import (
	"fmt"
	"testing"
)

// BenchmarkGenerateHouse measures blueprints per second at each rooms
// level (other knobs at their middle level), reachability check included.
func BenchmarkGenerateHouse(b *testing.B) {
	for rooms := range 3 {
		b.Run(fmt.Sprintf("rooms_%d", rooms), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := GenerateHouse(HouseOptions{Materials: 1, Rooms: rooms, Windows: 1, Carpets: 1, Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "blueprints/s")
		})
	}
}

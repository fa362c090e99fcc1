package cuisine

// Tally counts one episode's orders (or several, summed with Plus). It
// keeps what both definitions of the collaboration score need.
type Tally struct {
	// Served: orders completed (MindAgent's success_count).
	Served int
	// Expired: orders that reached the end of their lifetime.
	Expired int
	// ExpirySteps: steps on which at least one order expired. This is
	// MindAgent's failed_count, which counts a step once however many
	// orders expired in it.
	ExpirySteps int
	// Open: orders still active when the tally was taken.
	Open int
}

// Plus sums two tallies (the episodes of one setting).
func (t Tally) Plus(u Tally) Tally {
	return Tally{Served: t.Served + u.Served, Expired: t.Expired + u.Expired,
		ExpirySteps: t.ExpirySteps + u.ExpirySteps, Open: t.Open + u.Open}
}

// PaperRate is the paper's completion rate (Eq. 1):
// completed / (completed + failed), counting expired orders; 0 when no
// order was completed or failed.
func (t Tally) PaperRate() float64 {
	return ratio(t.Served, t.Served+t.Expired)
}

// CodeRate is the rate agents/chat_agent.py computes (lines 209-211):
// success / (success + failed_count + open orders), with failed_count the
// steps on which an order expired; 0 for no orders.
func (t Tally) CodeRate() float64 {
	return ratio(t.Served, t.Served+t.ExpirySteps+t.Open)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// CoSPaper is the collaboration score as the paper defines it: the mean
// over the α settings (each its episodes' summed tally) of PaperRate.
func CoSPaper(perAlpha []Tally) float64 { return meanRate(perAlpha, Tally.PaperRate) }

// CoSCode is the collaboration score as MindAgent's code counts it: the
// mean over the α settings of CodeRate, open orders in the denominator.
func CoSCode(perAlpha []Tally) float64 { return meanRate(perAlpha, Tally.CodeRate) }

func meanRate(ts []Tally, rate func(Tally) float64) float64 {
	if len(ts) == 0 {
		return 0
	}
	sum := 0.0
	for _, t := range ts {
		sum += rate(t)
	}
	return sum / float64(len(ts))
}

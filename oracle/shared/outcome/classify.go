package outcome

import "strconv"

// Classify derives a request's "outcome" from what the client saw and the storage calls it
// caused (the rule in docs/oracle-script.md, so both sides derive it identically):
//   - an error code maps to itself ("504", "429", "410", "400"), any other non-200 to "other";
//   - a 200 whose last storage call is GetList or Get was answered by etcd: "fallback" when an
//     earlier call was GetCurrentResourceVersion (the cache was asked to be fresh first), else "etcd";
//   - any other 200 came from the cache: "cacheAfterWait" when the answer came later than the end
//     of its last storage call (or its arrival, if it made none), else "cache".
func Classify(code int, calls []string, answeredAtNs, readyAtNs int64) string {
	switch code {
	case 200:
	case 504, 429, 410, 400:
		return strconv.Itoa(code)
	default:
		return "other"
	}
	if n := len(calls); n > 0 && (calls[n-1] == "GetList" || calls[n-1] == "Get") {
		for _, c := range calls[:n-1] {
			if c == "GetCurrentResourceVersion" {
				return "fallback"
			}
		}
		return "etcd"
	}
	if answeredAtNs > readyAtNs {
		return "cacheAfterWait"
	}
	return "cache"
}

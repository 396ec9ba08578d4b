"""Developer tools, never imported by what players run: the benchmarks and the serve load test."""

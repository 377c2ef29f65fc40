// RVO2's Circle (examples/Circle.cc of snape/RVO2) at N agents, timed: the agents start on a
// circle whose radius grows with N (200 at 250 agents, the example's density) and head for the
// antipode. Prints the milliseconds per step of RVO2's doStep alone and of a whole step (the
// preferred velocities and doStep), averaged over STEPS steps. Built by scripts/rvo2_bench.sh.
//
// Usage: circle N STEPS
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "RVO.h"

int main(int argc, char **argv) {
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 250;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 1000;
  const float two_pi = 6.28318530717958647692F;
  const float radius = 200.0F * static_cast<float>(n) / 250.0F;

  RVO::RVOSimulator sim;
  sim.setTimeStep(0.25F);
  sim.setAgentDefaults(15.0F, 10U, 10.0F, 10.0F, 1.5F, 2.0F);
  std::vector<RVO::Vector2> goals;
  for (std::size_t i = 0; i < n; ++i) {
    const float a = static_cast<float>(i) * two_pi / static_cast<float>(n);
    sim.addAgent(radius * RVO::Vector2(std::cos(a), std::sin(a)));
    goals.push_back(-sim.getAgentPosition(i));
  }

  using clock = std::chrono::steady_clock;
  double step_ms = 0.0, total_ms = 0.0;
  for (int s = 0; s < steps; ++s) {
    const auto t0 = clock::now();
    for (std::size_t i = 0; i < n; ++i) {
      RVO::Vector2 g = goals[i] - sim.getAgentPosition(i);
      if (RVO::absSq(g) > 1.0F) {
        g = RVO::normalize(g);
      }
      sim.setAgentPrefVelocity(i, g);
    }
    const auto t1 = clock::now();
    sim.doStep();
    const auto t2 = clock::now();
    step_ms += std::chrono::duration<double, std::milli>(t2 - t1).count();
    total_ms += std::chrono::duration<double, std::milli>(t2 - t0).count();
  }
  std::size_t home = 0;
  for (std::size_t i = 0; i < n; ++i) {
    home += RVO::absSq(sim.getAgentPosition(i) - goals[i]) <= 1.5F * 1.5F ? 1 : 0;
  }
  std::printf("rvo2 circle %zu agents, %d steps: %.4f ms per doStep, %.4f ms per step, %zu home\n",
              n, steps, step_ms / steps, total_ms / steps, home);
  return 0;
}

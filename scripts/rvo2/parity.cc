// RVO2's Circle and Blocks examples (examples/Circle.cc and Blocks.cc of snape/RVO2), run for a
// fixed number of steps and measured as steerlab's metrics measure a run (docs/metrics.md), so
// that the two can be set side by side (docs/crowds.md). Built by scripts/rvo2_parity.sh.
//
// Usage: parity circle|blocks SEED STEPS
// Prints one line: the times (s) by which half, 95% and all of the agents had first come within
// the example's arrival radius (Circle: the body radius 1.5; Blocks: 20), of the slowest squad
// (Blocks has four, each with its own goal, as the scene's four groups), the least distance
// between two centres over the sum of their radii, and the mean over agents of the length
// walked over the straight distance from start to end (steerlab's path_ratio).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "RVO.h"

namespace {

void circle(RVO::RVOSimulator &sim, std::vector<RVO::Vector2> &goals) {
  sim.setTimeStep(0.25F);
  sim.setAgentDefaults(15.0F, 10U, 10.0F, 10.0F, 1.5F, 2.0F);
  for (std::size_t i = 0U; i < 250U; ++i) {
    const float a = static_cast<float>(i) * 2.0F * static_cast<float>(M_PI) * 0.004F;
    sim.addAgent(200.0F * RVO::Vector2(std::cos(a), std::sin(a)));
    goals.push_back(-sim.getAgentPosition(i));
  }
}

void blocks(RVO::RVOSimulator &sim, std::vector<RVO::Vector2> &goals) {
  sim.setTimeStep(0.25F);
  sim.setAgentDefaults(15.0F, 10U, 5.0F, 5.0F, 2.0F, 2.0F);
  for (std::size_t i = 0U; i < 5U; ++i) {
    for (std::size_t j = 0U; j < 5U; ++j) {
      const float x = 55.0F + static_cast<float>(i) * 10.0F;
      const float y = 55.0F + static_cast<float>(j) * 10.0F;
      sim.addAgent(RVO::Vector2(x, y));
      goals.push_back(RVO::Vector2(-75.0F, -75.0F));
      sim.addAgent(RVO::Vector2(-x, y));
      goals.push_back(RVO::Vector2(75.0F, -75.0F));
      sim.addAgent(RVO::Vector2(x, -y));
      goals.push_back(RVO::Vector2(-75.0F, 75.0F));
      sim.addAgent(RVO::Vector2(-x, -y));
      goals.push_back(RVO::Vector2(75.0F, 75.0F));
    }
  }
  const float blocks[4][4][2] = {
      {{-10, 40}, {-40, 40}, {-40, 10}, {-10, 10}},
      {{10, 40}, {10, 10}, {40, 10}, {40, 40}},
      {{10, -40}, {40, -40}, {40, -10}, {10, -10}},
      {{-10, -40}, {-10, -10}, {-40, -10}, {-40, -40}},
  };
  for (const auto &block : blocks) {
    std::vector<RVO::Vector2> polygon;
    for (const auto &v : block) {
      polygon.emplace_back(v[0], v[1]);
    }
    sim.addObstacle(polygon);
  }
  sim.processObstacles();
}

// The k-th smallest (1-based) of the arrival times (-1: never arrived), or -1 when fewer
// than k arrived.
double kth(const std::vector<double> &times, std::size_t k) {
  std::vector<double> arrived;
  for (double t : times) {
    if (t >= 0.0) {
      arrived.push_back(t);
    }
  }
  std::sort(arrived.begin(), arrived.end());
  return k >= 1 && k <= arrived.size() ? arrived[k - 1] : -1.0;
}

}  // namespace

int main(int argc, char **argv) {
  const bool is_blocks = argc > 1 && std::strcmp(argv[1], "blocks") == 0;
  const unsigned seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1U;
  const int steps = argc > 3 ? std::atoi(argv[3]) : 1000;
  std::srand(seed);
  RVO::RVOSimulator sim;
  std::vector<RVO::Vector2> goals;
  if (is_blocks) {
    blocks(sim, goals);
  } else {
    circle(sim, goals);
  }
  const std::size_t n = sim.getNumAgents();
  const float reach = is_blocks ? 20.0F : 1.5F;
  const double dt = sim.getTimeStep();
  std::vector<double> arrived(n, -1.0);
  std::vector<double> walked(n, 0.0);
  std::vector<RVO::Vector2> start(n);
  for (std::size_t i = 0; i < n; ++i) {
    start[i] = sim.getAgentPosition(i);
  }
  double least = 1e30;
  for (int step = 1; step <= steps; ++step) {
    for (std::size_t i = 0; i < n; ++i) {
      RVO::Vector2 goal = goals[i] - sim.getAgentPosition(i);
      if (RVO::absSq(goal) > 1.0F) {
        goal = RVO::normalize(goal);
      }
      sim.setAgentPrefVelocity(i, goal);
      if (is_blocks) {
        // Blocks' perturbation against deadlocks (Circle has none).
        const float angle = static_cast<float>(std::rand()) * 2.0F *
                            static_cast<float>(M_PI) / static_cast<float>(RAND_MAX);
        const float dist = static_cast<float>(std::rand()) * 0.0001F /
                           static_cast<float>(RAND_MAX);
        sim.setAgentPrefVelocity(
            i, sim.getAgentPrefVelocity(i) +
                   dist * RVO::Vector2(std::cos(angle), std::sin(angle)));
      }
    }
    sim.doStep();
    for (std::size_t i = 0; i < n; ++i) {
      const RVO::Vector2 p = sim.getAgentPosition(i);
      walked[i] += RVO::abs(sim.getAgentVelocity(i)) * dt;
      if (arrived[i] < 0.0 && RVO::abs(p - goals[i]) <= reach) {
        arrived[i] = step * dt;
      }
      for (std::size_t j = i + 1; j < n; ++j) {
        const double d = RVO::abs(p - sim.getAgentPosition(j)) /
                         (sim.getAgentRadius(i) + sim.getAgentRadius(j));
        least = std::min(least, d);
      }
    }
  }
  double ratio = 0.0;
  std::size_t counted = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double straight = RVO::abs(sim.getAgentPosition(i) - start[i]);
    if (straight > 0.001) {
      ratio += walked[i] / straight;
      ++counted;
    }
  }
  // Each squad's times, and the slowest squad's (steerlab's metrics are per group).
  const std::size_t squads = is_blocks ? 4 : 1;
  double half = 0.0, most = 0.0, all = 0.0;
  for (std::size_t squad = 0; squad < squads; ++squad) {
    std::vector<double> times;
    for (std::size_t i = squad; i < n; i += squads) {
      times.push_back(arrived[i]);
    }
    const std::size_t size = times.size();
    const double h = kth(times, (size + 1) / 2);
    const double m = kth(times, static_cast<std::size_t>(std::ceil(0.95 * size)));
    half = (h < 0.0 || half < 0.0) ? -1.0 : std::max(half, h);
    most = (m < 0.0 || most < 0.0) ? -1.0 : std::max(most, m);
    for (double t : times) {
      all = std::max(all, t < 0.0 ? steps * dt : t);
    }
  }
  std::printf("%.2f %.2f %.2f %.3f %.3f\n", half, most, all, least,
              counted > 0 ? ratio / counted : 0.0);
  return 0;
}

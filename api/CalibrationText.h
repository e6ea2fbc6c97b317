//===- CalibrationText.h - The calibration file's text --------------------===//
//
// A device's cost model as the small text file the calibration store keeps
// (docs/Devices.md, "Cost model"). The file comes from outside the process:
// parseCalibration takes only a complete, valid model of the expected device
// and fingerprint, and nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_CALIBRATIONTEXT_H
#define RLX_API_CALIBRATIONTEXT_H

#include "rlx/CostModel.h"

#include <optional>
#include <string>
#include <string_view>

namespace rlx {

/// The first line of every calibration file.
constexpr const char *kCalibrationMagic = "rlx-calibration 1";

/// `model` as a calibration file: the magic line, then `device`,
/// `fingerprint`, one `matmul <n> <GFLOP/s>` line per size, `bandwidth`,
/// `dispatch` and `run`, numbers with 17 significant digits (they read
/// back exactly).
std::string formatCalibration(const DeviceCostModel &model);

/// The model in `text` if it is a calibration file, complete (each scalar
/// once, at least one matmul size) and valid (DeviceCostModel::valid), for
/// `device` and exactly `fingerprint`; nothing otherwise (never a partial
/// model). An unknown line, a field with trailing text or a number that
/// does not parse refuses the whole file.
std::optional<DeviceCostModel> parseCalibration(std::string_view text,
                                                Device device,
                                                const std::string &fingerprint);

} // namespace rlx

#endif // RLX_API_CALIBRATIONTEXT_H

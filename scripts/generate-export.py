#!/usr/bin/env python3
"""Writes a synthetic Apple Health export.xml shaped like a real one, for import benchmarks and
tests: the DTD header, Me/ExportDate, Records of common types (about 400-460 bytes each, with the
per-record HKDevice address and MetadataEntry children), Correlations whose Records also appear at
top level, Workouts with WorkoutStatistics/WorkoutEvent, sleep, and ActivitySummary rows.

Usage: scripts/generate-export.py --records 1000000 --out /tmp/export.xml [--seed 1] [--zip]
"""
import argparse
import random
import zipfile
from datetime import datetime, timedelta, timezone

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2025-10-26 10:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-02-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

TZ = timezone(timedelta(hours=1))


def fmt(t):
    return t.strftime("%Y-%m-%d %H:%M:%S +0100")


def device(rng):
    return ("&lt;&lt;HKDevice: 0x%09x&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
            "hardware:Watch6,2, software:10.2&gt;" % rng.getrandbits(36))


def record(rng, t, kind):
    start = t
    if kind == 0:
        typ, unit, value, end = "HKQuantityTypeIdentifierHeartRate", "count/min", str(rng.randint(52, 150)), start
        meta = '\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="%d"/>' % rng.randint(0, 2)
    elif kind == 1:
        end = start + timedelta(minutes=rng.randint(1, 10))
        typ, unit, value, meta = "HKQuantityTypeIdentifierStepCount", "count", str(rng.randint(5, 900)), ""
    elif kind == 2:
        end = start + timedelta(seconds=rng.randint(30, 300))
        typ, unit, value, meta = "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", "%.3f" % rng.uniform(0.1, 20), ""
    elif kind == 3:
        end = start + timedelta(minutes=rng.randint(3, 30))
        typ, unit, value = "HKCategoryTypeIdentifierMindfulSession", None, None
        meta = '\n  <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>'
    else:
        end = start + timedelta(minutes=rng.randint(5, 90))
        typ, unit = "HKCategoryTypeIdentifierSleepAnalysis", None
        value = rng.choice(["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
                            "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake"])
        meta = '\n  <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>'
    attrs = ' type="%s" sourceName="Alex’s Apple Watch" sourceVersion="10.2" device="%s"' % (typ, device(rng))
    if unit:
        attrs += ' unit="%s"' % unit
    attrs += ' creationDate="%s" startDate="%s" endDate="%s"' % (fmt(end), fmt(start), fmt(end))
    if value is not None:
        attrs += ' value="%s"' % value
    if meta:
        return " <Record%s>%s\n </Record>\n" % (attrs, meta)
    return " <Record%s/>\n" % attrs


def workout(rng, t):
    end = t + timedelta(minutes=rng.randint(20, 60))
    minutes = (end - t).total_seconds() / 60
    return (' <Workout workoutActivityType="HKWorkoutActivityTypeHighIntensityIntervalTraining" duration="%.4f" durationUnit="min" '
            'sourceName="Alex’s Apple Watch" sourceVersion="10.2" device="%s" creationDate="%s" startDate="%s" endDate="%s">\n'
            '  <MetadataEntry key="HKAverageMETs" value="9.1 kcal/hr·kg"/>\n'
            '  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="%s" duration="5" durationUnit="min"/>\n'
            '  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="%s" endDate="%s" sum="%.2f" unit="kcal"/>\n'
            '  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="%s" endDate="%s" average="%d" minimum="90" maximum="170" unit="count/min"/>\n'
            ' </Workout>\n') % (minutes, device(rng), fmt(end), fmt(t), fmt(end), fmt(t), fmt(t), fmt(end),
                                 rng.uniform(150, 450), fmt(t), fmt(end), rng.randint(120, 160))


def correlation(rng, t):
    sys_, dia = rng.randint(105, 140), rng.randint(65, 90)
    inner = "".join('  <Record type="%s" sourceName="Omron" sourceVersion="1.0" unit="mmHg" creationDate="%s" startDate="%s" endDate="%s" value="%d"/>\n'
                    % (typ, fmt(t), fmt(t), fmt(t), v) for typ, v in
                    [("HKQuantityTypeIdentifierBloodPressureSystolic", sys_), ("HKQuantityTypeIdentifierBloodPressureDiastolic", dia)])
    top = "".join(' <Record type="%s" sourceName="Omron" sourceVersion="1.0" unit="mmHg" creationDate="%s" startDate="%s" endDate="%s" value="%d"/>\n'
                  % (typ, fmt(t), fmt(t), fmt(t), v) for typ, v in
                  [("HKQuantityTypeIdentifierBloodPressureSystolic", sys_), ("HKQuantityTypeIdentifierBloodPressureDiastolic", dia)])
    return top + (' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="1.0" '
                  'creationDate="%s" startDate="%s" endDate="%s">\n%s </Correlation>\n') % (fmt(t), fmt(t), fmt(t), inner)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--zip", action="store_true", help="also write OUT.zip (apple_health_export/export.xml)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    t = datetime(2019, 1, 1, 6, 0, tzinfo=TZ)
    step = timedelta(seconds=max(1, int(6 * 365 * 86400 / max(args.records, 1))))
    written = 0
    with open(args.out, "w", encoding="utf-8", buffering=1 << 20) as f:
        f.write(HEADER)
        while written < args.records:
            roll = rng.random()
            if roll < 0.001:
                f.write(workout(rng, t))
            elif roll < 0.0015:
                f.write(correlation(rng, t))
                written += 2
            else:
                f.write(record(rng, t, rng.choices([0, 1, 2, 3, 4], weights=[50, 25, 20, 2, 3])[0]))
                written += 1
            t += step
        for i in range(3):
            f.write(' <ActivitySummary dateComponents="2025-10-%02d" activeEnergyBurned="500" activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="kcal"/>\n' % (i + 1))
        f.write("</HealthData>\n")
    if args.zip:
        with zipfile.ZipFile(args.out + ".zip", "w", zipfile.ZIP_DEFLATED) as z:
            z.write(args.out, "apple_health_export/export.xml")


if __name__ == "__main__":
    main()

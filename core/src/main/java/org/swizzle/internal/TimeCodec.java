package org.swizzle.internal;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * The java.time values in the stored format ({@link ValueKind#INSTANT} to {@link ValueKind#ZONE_REGION}):
 * dates as epoch days, times of day as nanos of day, offsets as total seconds, zone ids as strings.
 */
final class TimeCodec {

    private TimeCodec() {
    }

    /** Writes {@code value} if it is of one of this codec's kinds; returns false, having written nothing, if not. */
    static boolean write(ObjectWriter out, Object value) {
        if (value instanceof Instant) {
            out.writeKind(ValueKind.INSTANT);
            out.writeLong(((Instant) value).getEpochSecond());
            out.writeInt(((Instant) value).getNano());
        } else if (value instanceof LocalDate) {
            out.writeKind(ValueKind.LOCAL_DATE);
            out.writeLong(((LocalDate) value).toEpochDay());
        } else if (value instanceof LocalDateTime) {
            out.writeKind(ValueKind.LOCAL_DATE_TIME);
            writeDateTime(out, ((LocalDateTime) value).toLocalDate(), ((LocalDateTime) value).toLocalTime());
        } else if (value instanceof LocalTime) {
            out.writeKind(ValueKind.LOCAL_TIME);
            out.writeLong(((LocalTime) value).toNanoOfDay());
        } else if (value instanceof Duration) {
            out.writeKind(ValueKind.DURATION);
            out.writeLong(((Duration) value).getSeconds());
            out.writeInt(((Duration) value).getNano());
        } else if (value instanceof Period) {
            out.writeKind(ValueKind.PERIOD);
            out.writeInt(((Period) value).getYears());
            out.writeInt(((Period) value).getMonths());
            out.writeInt(((Period) value).getDays());
        } else if (value instanceof OffsetDateTime) {
            OffsetDateTime time = (OffsetDateTime) value;
            out.writeKind(ValueKind.OFFSET_DATE_TIME);
            writeDateTime(out, time.toLocalDate(), time.toLocalTime());
            out.writeInt(time.getOffset().getTotalSeconds());
        } else if (value instanceof ZonedDateTime) {
            ZonedDateTime time = (ZonedDateTime) value;
            out.writeKind(ValueKind.ZONED_DATE_TIME);
            writeDateTime(out, time.toLocalDate(), time.toLocalTime());
            out.writeInt(time.getOffset().getTotalSeconds());
            StringCodec.write(out, time.getZone().getId());
        } else {
            return writeFields(out, value);
        }
        return true;
    }

    private static boolean writeFields(ObjectWriter out, Object value) {
        if (value instanceof OffsetTime) {
            OffsetTime time = (OffsetTime) value;
            out.writeKind(ValueKind.OFFSET_TIME);
            out.writeLong(time.toLocalTime().toNanoOfDay());
            out.writeInt(time.getOffset().getTotalSeconds());
        } else if (value instanceof Year) {
            out.writeKind(ValueKind.YEAR);
            out.writeInt(((Year) value).getValue());
        } else if (value instanceof YearMonth) {
            out.writeKind(ValueKind.YEAR_MONTH);
            out.writeInt(((YearMonth) value).getYear());
            out.writeInt(((YearMonth) value).getMonthValue());
        } else if (value instanceof MonthDay) {
            out.writeKind(ValueKind.MONTH_DAY);
            out.writeInt(((MonthDay) value).getMonthValue());
            out.writeInt(((MonthDay) value).getDayOfMonth());
        } else if (value instanceof ZoneOffset) {
            out.writeKind(ValueKind.ZONE_OFFSET);
            out.writeInt(((ZoneOffset) value).getTotalSeconds());
        } else if (value instanceof ZoneId) {
            out.writeKind(ValueKind.ZONE_REGION);
            StringCodec.write(out, ((ZoneId) value).getId());
        } else {
            return false;
        }
        return true;
    }

    private static void writeDateTime(ObjectWriter out, LocalDate date, LocalTime time) {
        out.writeLong(date.toEpochDay());
        out.writeLong(time.toNanoOfDay());
    }

    static Object read(ValueKind kind, ObjectReader in) {
        switch (kind) {
            case INSTANT: return Instant.ofEpochSecond(in.readLong(), in.readInt());
            case DURATION: return Duration.ofSeconds(in.readLong(), in.readInt());
            case PERIOD: return Period.of(in.readInt(), in.readInt(), in.readInt());
            case LOCAL_DATE: return LocalDate.ofEpochDay(in.readLong());
            case LOCAL_TIME: return LocalTime.ofNanoOfDay(in.readLong());
            case LOCAL_DATE_TIME: return readDateTime(in);
            case OFFSET_TIME: return OffsetTime.of(LocalTime.ofNanoOfDay(in.readLong()), readOffset(in));
            case OFFSET_DATE_TIME: return OffsetDateTime.of(readDateTime(in), readOffset(in));
            case ZONED_DATE_TIME: {
                LocalDateTime local = readDateTime(in);
                ZoneOffset offset = readOffset(in);
                return ZonedDateTime.ofStrict(local, offset, ZoneId.of(StringCodec.readNested(in)));
            }
            case YEAR: return Year.of(in.readInt());
            case YEAR_MONTH: return YearMonth.of(in.readInt(), in.readInt());
            case MONTH_DAY: return MonthDay.of(in.readInt(), in.readInt());
            case ZONE_OFFSET: return readOffset(in);
            case ZONE_REGION: return ZoneId.of(StringCodec.readNested(in));
            default: throw new IllegalArgumentException(kind + " is not a java.time value");
        }
    }

    private static LocalDateTime readDateTime(ObjectReader in) {
        LocalDate date = LocalDate.ofEpochDay(in.readLong());
        return LocalDateTime.of(date, LocalTime.ofNanoOfDay(in.readLong()));
    }

    private static ZoneOffset readOffset(ObjectReader in) {
        return ZoneOffset.ofTotalSeconds(in.readInt());
    }
}

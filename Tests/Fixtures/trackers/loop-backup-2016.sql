-- A Loop Habit Tracker backup as installs from before mid-2017 keep it (schema 12, by hand):
-- the key column is `Id`, Repetitions has no `value` (every row is a check), no numerical
-- habits. Two habits are called `Vegan`, and `Floss` and `floss ` differ only in case and a space.
CREATE TABLE Habits (Id integer primary key autoincrement, archived integer, color integer, description text,
    freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
    reminder_min integer, reminder_days integer not null default 127);
CREATE TABLE Repetitions (Id integer primary key autoincrement, habit integer not null references habits(Id),
    timestamp integer not null);
INSERT INTO Habits (Id, archived, color, description, freq_den, freq_num, highlight, name, position) VALUES
  (1, 0, 11, '', 1, 1, 0, 'Vegan', 0),
  (2, 0, 7, '', 7, 3, 0, 'Sport', 1),
  (3, 0, 5, '', 1, 1, 0, 'Vegan', 2),
  (4, 0, 9, '', 1, 1, 0, 'Floss', 3),
  (5, 0, 9, '', 1, 1, 0, 'floss ', 4);
INSERT INTO Repetitions (habit, timestamp) VALUES
  (1, 1795305600000),
  (1, 1795219200000),
  (2, 1795132800000),
  (3, 1794960000000),
  (4, 1795305600000),
  (5, 1795219200000),
  (5, 1795305600000);
